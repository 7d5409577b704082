import { createContext, useContext } from 'react';

import type { SentSignInLink } from './auth-client';
import type { AuthState } from './auth-state';

export interface AuthActions {
  /** Sends the link, remembers the address, shows the link-sent toast; answers where it went. Rejects on failure. */
  sendSignInLink: (email: string, redirectTo?: string) => Promise<SentSignInLink>;
  /** Completes a link sign-in once; a second call while one runs is skipped (resolves null). */
  completeEmailLinkSignIn: (email: string, url: string) => Promise<{ redirectTo: string | null } | null>;
  signInWithGoogle: (redirectTo?: string) => Promise<void>;
  /** Signs out; `reason` is shown on /login (the app signing someone out after a setup error). */
  logout: (reason?: string) => Promise<void>;
  /** POST /core/orgs, then a fresh token (with org_id), registering again, and the success toast. */
  createOrganisation: (name: string) => Promise<void>;
  /** PUT /core/accounts/name, then a fresh account and token, and the welcome toast. */
  updateName: (firstName: string, lastName: string) => Promise<void>;
  /** After joining or leaving an organisation: a fresh token and organisation. */
  reloadOrganisation: () => Promise<void>;
  /** A fresh ID token (docs/product/rules-and-messages.md#entities: the ID-token refresh action). */
  refreshIdToken: () => Promise<string | null>;
}

export type AuthContextValue = AuthState & AuthActions;

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
