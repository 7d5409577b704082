import { createContext, useContext } from 'react';
import type { Account } from '@questboard/shared/accounts';
import type { Organisation } from '@questboard/shared/organisations';

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
  /** After POST /core/orgs: keeps the organisation, then a fresh token (with org_id) and registering again; answers the account. */
  organisationCreated: (organisation: Organisation) => Promise<Account | null>;
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
