// The app's one AuthClient, wired into the one HTTP client as its token source, and forced logout
// (SPEC.md section 4): sign out, clear the app's stored items (the theme stays), tell the app.
import { apiClient, setForceLogoutHandler, setTokenSource } from '../../lib/api-client';
import { createHttpAuthClient } from './auth-client';
import { clearAuthStorage } from './auth-storage';

export const FORCE_LOGOUT_EVENT = 'forceLogout';

export const authClient = createHttpAuthClient(apiClient, (url) => window.location.assign(url));

export async function forceLogout(): Promise<void> {
  try {
    await authClient.signOut();
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

setTokenSource({ getIdToken: (forceRefresh) => authClient.getIdToken(forceRefresh) });
setForceLogoutHandler(() => void forceLogout());
