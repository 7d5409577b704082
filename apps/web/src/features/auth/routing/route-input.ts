import { hasSessionHint } from '../../../lib/session/auth-client';
import type { AuthContextValue } from '../../../lib/session/auth-context';
import { readInvitationRedirect, readPendingInvitation } from '../../../lib/session/pending-invitation';
import type { RouteInput } from './decide-route';

/** The routing rules' view of the auth state, the address and the stored invitation items. */
export function routeInputFrom(auth: AuthContextValue, location: { pathname: string; search: string }): RouteInput {
  return {
    pathname: location.pathname,
    search: location.search,
    isLoading: auth.isLoading,
    sessionHint: hasSessionHint(document.cookie),
    isAuthenticated: auth.isAuthenticated,
    isSettingUp: auth.isSettingUp,
    hasAccount: auth.accountData !== null,
    hasOrganisation: auth.organizationData !== null,
    needsOrganization: auth.needsOrganization,
    needsNameSetup: auth.needsNameSetup,
    hasError: Boolean(auth.accountError ?? auth.organizationError ?? auth.nameError),
    pendingInvitation: readPendingInvitation(),
    invitationRedirect: readInvitationRedirect(),
  };
}

export function firstError(auth: AuthContextValue): string {
  return auth.accountError ?? auth.organizationError ?? auth.nameError ?? 'An unexpected error occurred.';
}
