import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { type Account, updatedNameSchema } from '@questboard/shared/accounts';
import { apiPaths } from '@questboard/shared/api-paths';
import { type Organisation, organisationSchema } from '@questboard/shared/organisations';

import type { AuthUser } from '../lib/session/auth-client';
import { AuthContext, type AuthContextValue } from '../lib/session/auth-context';
import { initialAuthState } from '../lib/session/auth-state';
import { apiClient } from '../lib/api-client';
import { isApiError } from '../lib/api-error';

export const testUser: AuthUser = {
  uid: '7b6f4c1e-1d0a-4c3e-9a55-0f5d1c2e3a41',
  email: 'ada@studio.example',
  displayName: null,
  photoURL: null,
  emailVerified: true,
};

export const testAccount: Account = {
  id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  isActive: true,
};

export const testOrganisation: Organisation = {
  id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  name: 'Pixel Forge',
  isActive: true,
  role: 'owner',
  createdAt: '2026-03-04T10:00:00.000Z',
  memberCount: 3,
};

export interface TestAuthOptions {
  /** Signed in as testUser unless given; null: signed out. */
  user?: AuthUser | null;
  account?: Account | null;
  organisation?: Organisation | null;
  isLoading?: boolean;
}

/**
 * The auth context pages read (lib/session/auth-context.ts), with its account and organisation
 * actions making their real calls through the app's HTTP client (see app-api-server.ts), so a page
 * test sees exactly what its form sent. The real provider's own flow is tested beside it.
 */
export function TestAuthProvider({ children, options = {} }: { children: ReactNode; options?: TestAuthOptions }) {
  const [user, setUser] = useState(options.user === undefined ? testUser : options.user);
  const [account, setAccount] = useState(options.account === undefined ? testAccount : options.account);
  const [organisation, setOrganisation] = useState(
    options.organisation === undefined ? testOrganisation : options.organisation,
  );

  const value = useMemo<AuthContextValue>(() => {
    const state = initialAuthState(user ? account : null, user ? organisation : null);
    return {
      ...state,
      user,
      isAuthenticated: user !== null,
      isLoading: options.isLoading ?? false,
      sendSignInLink: () => Promise.resolve({ devMailbox: null }),
      completeEmailLinkSignIn: () => Promise.resolve(null),
      signInWithGoogle: () => Promise.resolve(),
      refreshIdToken: () => Promise.resolve('test-token'),
      logout: () => {
        setUser(null);
        return Promise.resolve();
      },
      organisationCreated: (created) => {
        setOrganisation(created);
        return Promise.resolve(account);
      },
      updateName: async (firstName, lastName) => {
        const updated = await apiClient.put(apiPaths.accounts.name.url(), updatedNameSchema, { firstName, lastName });
        setAccount((current) => (current ? { ...current, ...updated } : current));
      },
      reloadOrganisation: async () => {
        try {
          setOrganisation(await apiClient.get(apiPaths.organisations.info.url(), organisationSchema));
        } catch (error) {
          if (!isApiError(error, 404)) throw error;
          setOrganisation(null);
        }
      },
    };
  }, [user, account, organisation, options.isLoading]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
