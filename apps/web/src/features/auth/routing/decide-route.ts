// docs/product/rules-and-messages.md#routing-rules as one pure function: given where the visitor is and the auth
// state, render the page, show a loading text, or redirect. The guard only carries it out.
import { forcingInvitation, type PendingInvitation } from '../../../lib/session/pending-invitation';

export interface RouteInput {
  pathname: string;
  search: string;
  /** The identity state is not known yet. */
  isLoading: boolean;
  /** The browser holds a session (the `qb_session` cookie) that is being restored. */
  sessionHint: boolean;
  isAuthenticated: boolean;
  /** Registration and the organisation look-up are running. */
  isSettingUp: boolean;
  hasAccount: boolean;
  hasOrganisation: boolean;
  needsOrganization: boolean;
  needsNameSetup: boolean;
  hasError: boolean;
  pendingInvitation: PendingInvitation | null;
  invitationRedirect: string | null;
}

export type RouteDecision =
  | { kind: 'render' }
  | { kind: 'loading'; text: string }
  /** The auth flow wrapper's 'Setup Error' screen (docs/product/routes-and-screens.md#other-ui). */
  | { kind: 'setup-error' }
  | {
      kind: 'redirect';
      to: string;
      rememberOrigin?: boolean;
      consumesInvitationRedirect?: boolean;
      /** The end of the first-run setup: the landing page greets a newcomer, not a returning user. */
      firstVisit?: boolean;
    };

const render: RouteDecision = { kind: 'render' };
const redirect = (to: string, extra: Partial<Extract<RouteDecision, { kind: 'redirect' }>> = {}): RouteDecision => ({ kind: 'redirect', to, ...extra });

function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The pages whose rules need the identity and the account looked up first. */
const setupPaths = new Set(['/', '/auth-validation', '/create-org', '/complete-profile']);

/**
 * Issue 20: a returning visitor (a session to restore, a set-up account and organisation from the
 * 24-hour caches) sees the page at once; its calls wait for the restored session's token. Should the
 * session have ended, the rules below send them to /login once the identity is known.
 */
function restoresFromCache(input: RouteInput): boolean {
  return (
    input.sessionHint &&
    input.hasAccount &&
    input.hasOrganisation &&
    !input.needsOrganization &&
    !input.needsNameSetup &&
    !setupPaths.has(input.pathname) &&
    forcingInvitation(input.pendingInvitation) === null
  );
}

/** For the protected routes (everything but /login, /auth/callback and /access). */
export function decideProtectedRoute(input: RouteInput): RouteDecision {
  const { pathname, search } = input;
  const params = new URLSearchParams(search);
  if (input.isLoading) return restoresFromCache(input) ? render : { kind: 'loading', text: 'Loading...' };
  // Not signed in on a protected page: to /login, remembering the origin.
  if (!input.isAuthenticated) return redirect('/login', { rememberOrigin: true });
  // A pending invitation on any page but /access takes the visitor to it.
  const invitation = forcingInvitation(input.pendingInvitation);
  if (invitation) return redirect(`/access?id=${encodeURIComponent(invitation.id)}`);
  // /auth-validation runs its own sequence (titles, 1.5 s, then the next step).
  if (pathname === '/auth-validation') return render;
  if (input.isSettingUp && !input.hasAccount) return { kind: 'loading', text: 'Setting up your account...' };
  if (input.hasError) return { kind: 'setup-error' };

  if (pathname === '/create-org') {
    const manual = params.get('mode') === 'manual';
    return manual || (input.needsOrganization && !input.hasOrganisation) ? render : redirect('/auth-validation');
  }
  if (pathname === '/complete-profile') {
    if (input.isSettingUp) return { kind: 'loading', text: 'Finalizing your profile...' };
    return input.needsNameSetup && !input.needsOrganization ? render : redirect('/auth-validation');
  }
  if (input.isSettingUp && !input.hasOrganisation) return { kind: 'loading', text: 'Loading organisation details...' };

  const needsSetup = input.needsOrganization || input.needsNameSetup;
  if (pathname === '/') {
    const complete = params.get('auth') === 'complete';
    if (needsSetup && !complete) return redirect('/auth-validation');
    // auth=complete is removed from the address after arrival; only a new account's setup ends here.
    if (complete) return redirect(`/${withoutParam(search, 'auth')}`, { firstVisit: true });
    // A stored invitation_redirect_url is used once at / for a fully set-up user.
    if (input.invitationRedirect) return redirect(input.invitationRedirect, { consumesInvitationRedirect: true });
    return render;
  }
  // Every other signed-in page needs a set-up user.
  return needsSetup ? redirect('/auth-validation') : render;
}

export type ValidationStep = { kind: 'wait' } | { kind: 'redirect'; to: string; refreshToken?: boolean; logout?: boolean };

/** /auth-validation, docs/product/rules-and-messages.md#routing-rules: where to go once its 1.5 s have passed (or at once). */
export function decideAuthValidation(input: RouteInput, delayElapsed: boolean): ValidationStep {
  const invitation = forcingInvitation(input.pendingInvitation);
  if (invitation) return { kind: 'redirect', to: `/access?id=${encodeURIComponent(invitation.id)}` };
  if (input.hasError) return { kind: 'redirect', to: '/login', logout: true };
  if (input.isLoading || input.isSettingUp || !input.hasAccount || !delayElapsed) return { kind: 'wait' };
  if (input.needsOrganization && !input.hasOrganisation) return { kind: 'redirect', to: '/create-org' };
  if (input.needsNameSetup) return { kind: 'redirect', to: '/complete-profile' };
  return { kind: 'redirect', to: '/?auth=complete', refreshToken: true };
}
