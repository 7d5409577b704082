// docs/product/identity.md: the web app talks to one AuthClient with Firebase's verbs. This adapter
// calls our /auth/v1 service through the one HTTP client; a Firebase adapter could replace it.
import { noAnswerSchema } from '@questboard/shared/api-answer';
import { apiPaths } from '@questboard/shared/api-paths';
import type * as identity from '@questboard/shared/identity';
import type { IdentityUser, Session } from '@questboard/shared/identity';

import type { ApiClient } from '../api-client';
import { isApiError } from '../api-error';

export type AuthUser = IdentityUser;
export type AuthStateListener = (user: AuthUser | null) => void;
/** Where a sent link went: the dev mailbox page while the server delivers no mail, else null. */
export interface SentSignInLink {
  devMailbox: string | null;
}

export interface AuthClient {
  /** The signed-in user, or null; undefined until the first state is known. */
  readonly currentUser: AuthUser | null | undefined;
  sendSignInLinkToEmail(email: string, options?: { redirectTo?: string }): Promise<SentSignInLink>;
  isSignInWithEmailLink(url: string): boolean;
  /** Completes a link sign-in; answers the path the link asked to open afterwards, if any. */
  signInWithEmailLink(email: string, url: string): Promise<{ redirectTo: string | null }>;
  /** Sends the browser to Google; resolves only if it could not. */
  signInWithGoogle(options?: { redirectTo?: string }): Promise<void>;
  signOut(): Promise<void>;
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  onAuthStateChanged(listener: AuthStateListener): () => void;
}

// The answers' schemas load on first use: zod stays out of the sign-in page's first download (ADR 017).
const identitySchemas =
  <K extends 'sessionSchema' | 'sendSignInLinkResponseSchema' | 'completeSignInLinkResponseSchema' | 'googleAuthorizeResponseSchema'>(name: K) =>
  (): Promise<(typeof identity)[K]> =>
    import('@questboard/shared/identity').then((schemas) => schemas[name]);

/** An ID token is renewed this long before it expires. */
const renewEarlyMs = 60_000;

/** Firebase's link shape (docs/product/http-contract.md#http-surface): apiKey, oobCode and mode=signIn on /auth/callback. */
export function parseSignInLink(url: string): { apiKey: string; oobCode: string; mode: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const apiKey = parsed.searchParams.get('apiKey');
  const oobCode = parsed.searchParams.get('oobCode');
  const mode = parsed.searchParams.get('mode');
  if (!apiKey || !oobCode || mode !== 'signIn') return null;
  return { apiKey, oobCode, mode };
}

/** The server's `qb_session` cookie: set with the refresh cookie, holds no secret. */
export function hasSessionHint(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim() === 'qb_session=1');
}

export function createHttpAuthClient(
  api: ApiClient,
  navigate: (url: string) => void,
  now: () => number = Date.now,
  readCookie: () => string = () => document.cookie,
  /** The session restore the page's head already sent, if any; taken once (public/session-restore.js). */
  takeSentRestore: () => Promise<Response> | undefined = () => undefined,
): AuthClient {
  let user: AuthUser | null | undefined;
  let token: { value: string; expiresAt: number } | null = null;
  let refreshing: Promise<string | null> | null = null;
  const listeners = new Set<AuthStateListener>();

  const setSession = (session: Session | null) => {
    token = session ? { value: session.idToken, expiresAt: now() + session.expiresIn * 1000 } : null;
    const next = session ? session.user : null;
    const changed = user === undefined || (user?.uid ?? null) !== (next?.uid ?? null);
    user = next;
    if (changed) for (const listener of listeners) listener(user);
  };

  // One refresh at a time: the cookie rotates on every use. The first may already be on its way.
  const refresh = () => {
    refreshing ??= api
      .post(apiPaths.identity.token.url(), identitySchemas('sessionSchema'), undefined, { auth: false, sent: takeSentRestore() })
      .then(
        (session) => {
          setSession(session);
          return session.idToken;
        },
        (error: unknown) => {
          if (isApiError(error, 401) || isApiError(error, 403)) {
            setSession(null);
            return null;
          }
          throw error;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return {
    get currentUser() {
      return user;
    },
    async sendSignInLinkToEmail(email, options = {}) {
      const answer = await api.post(
        apiPaths.identity.sendEmailLink.url(),
        identitySchemas('sendSignInLinkResponseSchema'),
        { email, ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}) },
        { auth: false },
      );
      // Only a path on this site becomes a link on the page.
      const devMailbox = typeof answer.devMailbox === 'string' && /^\/(?!\/)/.test(answer.devMailbox) ? answer.devMailbox : null;
      return { devMailbox };
    },
    isSignInWithEmailLink: (url) => parseSignInLink(url) !== null,
    async signInWithEmailLink(email, url) {
      const link = parseSignInLink(url);
      if (!link) throw new Error('Invalid email link');
      const answer = await api.post(apiPaths.identity.completeEmailLink.url(), identitySchemas('completeSignInLinkResponseSchema'), { email, ...link }, { auth: false });
      setSession(answer);
      return { redirectTo: answer.redirectTo };
    },
    async signInWithGoogle(options = {}) {
      const { authorizationUrl } = await api.post(
        apiPaths.identity.googleAuthorize.url(),
        identitySchemas('googleAuthorizeResponseSchema'),
        options.redirectTo ? { redirectTo: options.redirectTo } : {},
        { auth: false },
      );
      navigate(authorizationUrl);
    },
    async signOut() {
      try {
        await api.post(apiPaths.identity.signOut.url(), noAnswerSchema, undefined, { auth: false });
      } finally {
        setSession(null);
      }
    },
    async getIdToken(forceRefresh = false) {
      if (!forceRefresh && token && token.expiresAt - renewEarlyMs > now()) return token.value;
      if (!forceRefresh && user === null) return null;
      return refresh();
    },
    onAuthStateChanged(listener) {
      listeners.add(listener);
      // Like Firebase: the current state at once when known, else after the session is restored.
      if (user !== undefined) listener(user);
      else if (!hasSessionHint(readCookie())) setSession(null);
      else void refresh().catch(() => setSession(null));
      return () => listeners.delete(listener);
    },
  };
}
