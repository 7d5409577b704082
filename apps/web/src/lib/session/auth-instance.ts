// The app's one AuthClient, and forced logout (docs/product/rules-and-messages.md#auth-state): sign out, clear the app's stored
// items (the theme stays), tell the app. AuthProvider plugs its client into the HTTP client.
import { apiClient, setForceLogoutHandler, setTokenSource } from '../api-client';
import { createHttpAuthClient, hasSessionHint, type AuthClient } from './auth-client';
import { clearAuthStorage } from './auth-storage';

export const FORCE_LOGOUT_EVENT = 'forceLogout';

declare global {
  interface Window {
    /** The session restore public/session-restore.js sent from the page's head (issue 20, ADR 024). */
    __questboardSessionRestore?: Promise<Response> | undefined;
    /** The ID token of that restore's answer, or null (public/session-restore.js). */
    __questboardSessionToken?: Promise<string | null> | undefined;
  }
}

/**
 * The ID token the page's head read from its session restore's answer, once and unchecked: only for
 * the first page's calls sent ahead (app/first-calls.ts), which the server checks like any
 * call. The auth client reads and checks the answer itself.
 */
export function takeHeadSessionToken(): Promise<string | null> {
  const token = window.__questboardSessionToken ?? Promise.resolve(null);
  window.__questboardSessionToken = undefined;
  return token;
}

/** The head's session restore, once: a second refresh must send its own (the cookie has rotated). */
export function takeHeadSessionRestore(): Promise<Response> | undefined {
  const sent = window.__questboardSessionRestore;
  window.__questboardSessionRestore = undefined;
  return sent;
}

export const authClient = createHttpAuthClient(
  apiClient,
  (url) => window.location.assign(url),
  Date.now,
  () => document.cookie,
  takeHeadSessionRestore,
);

// Issue 20: a returning visitor's session is restored while the rest of the app loads, not after
// its first render (the page's head sent the call; this takes its answer over); AuthProvider's
// listener then finds it done or joins it.
if (hasSessionHint(document.cookie)) void authClient.getIdToken().catch(() => null);

/**
 * Plugs `client` into the app's HTTP client: its calls take their tokens from it, and a forced logout
 * signs it out. Answers the unplugging. AuthProvider plugs its client in; main.tsx plugs the app's in
 * before the first page's calls start, ahead of React (app/first-calls.ts).
 */
export function connectApiClient(client: AuthClient): () => void {
  setTokenSource({ getIdToken: (forceRefresh) => client.getIdToken(forceRefresh) });
  setForceLogoutHandler(() => void forceLogout(client));
  return () => {
    setTokenSource(null);
    setForceLogoutHandler(null);
  };
}

export async function forceLogout(client: AuthClient): Promise<void> {
  try {
    await client.signOut();
  } catch {
    // The server may be unreachable: the local sign-out below still happens.
  }
  try {
    clearAuthStorage(localStorage);
  } catch {
    // Storage unavailable.
  }
  window.dispatchEvent(new Event(FORCE_LOGOUT_EVENT));
}
