// The auth state of docs/product/rules-and-messages.md (entities, auth state) as a pure reducer; the provider only wires it.
import type { Account } from '@questboard/shared/accounts';
import { needsNameSetup as nameMissing } from '@questboard/shared/names';
import type { Organisation } from '@questboard/shared/organisations';

import type { AuthUser } from './auth-client';

export interface AuthState {
  user: AuthUser | null;
  accountData: Account | null;
  organizationData: Organisation | null;
  isAuthenticated: boolean;
  /** True until the identity state is first known (the session is restored from the cookie). */
  isLoading: boolean;
  /** Registration and the organisation look-up of a sign-in are running. */
  isSettingUp: boolean;
  isEmailLinkSent: boolean;
  isProcessingEmailLink: boolean;
  accountError: string | null;
  organizationError: string | null;
  nameError: string | null;
  needsOrganization: boolean;
  needsNameSetup: boolean;
  /** Why the app signed the user out (a setup error), for /login to say. */
  signOutReason: string | null;
}

export type AuthAction =
  | { type: 'identity-changed'; user: AuthUser | null }
  | { type: 'setup-started' }
  | { type: 'account-registered'; account: Account }
  | { type: 'account-failed'; message: string }
  | { type: 'organisation-loaded'; organisation: Organisation; message?: string | null }
  | { type: 'organisation-missing'; message: string | null }
  | { type: 'setup-finished' }
  | { type: 'name-updated'; account: Account }
  | { type: 'name-failed'; message: string | null }
  | { type: 'email-link-sent' }
  | { type: 'email-link-processing'; processing: boolean }
  | { type: 'logged-out'; reason?: string | null };

const namesNeeded = (account: Account | null) => account !== null && nameMissing(account);

const empty: AuthState = {
  user: null,
  accountData: null,
  organizationData: null,
  isAuthenticated: false,
  isLoading: true,
  isSettingUp: false,
  isEmailLinkSent: false,
  isProcessingEmailLink: false,
  accountError: null,
  organizationError: null,
  nameError: null,
  needsOrganization: false,
  needsNameSetup: false,
  signOutReason: null,
};

/** docs/product/rules-and-messages.md#auth-state: seeded from the cached account and organisation; loading until the identity is known. */
export function initialAuthState(account: Account | null = null, organisation: Organisation | null = null): AuthState {
  return {
    ...empty,
    accountData: account,
    organizationData: organisation,
    needsOrganization: account !== null && organisation === null,
    needsNameSetup: namesNeeded(account),
  };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'identity-changed':
      return { ...state, user: action.user, isAuthenticated: action.user !== null, isLoading: false };
    case 'setup-started':
      return { ...state, isSettingUp: true, accountError: null, organizationError: null };
    case 'account-registered':
      return { ...state, accountData: action.account, accountError: null, needsNameSetup: namesNeeded(action.account) };
    case 'account-failed':
      // docs/product/rules-and-messages.md#auth-state: registration failure stores the error and clears account data.
      return { ...state, accountError: action.message, accountData: null, needsNameSetup: false };
    case 'organisation-loaded':
      return { ...state, organizationData: action.organisation, organizationError: action.message ?? null, needsOrganization: false };
    case 'organisation-missing':
      return { ...state, organizationData: null, organizationError: action.message, needsOrganization: true };
    case 'setup-finished':
      return { ...state, isSettingUp: false };
    case 'name-updated':
      return { ...state, accountData: action.account, nameError: null, needsNameSetup: namesNeeded(action.account) };
    case 'name-failed':
      return { ...state, nameError: action.message };
    case 'email-link-sent':
      return { ...state, isEmailLinkSent: true };
    case 'email-link-processing':
      return { ...state, isProcessingEmailLink: action.processing };
    case 'logged-out':
      // Logout or a forceLogout event: user, account and organisation cleared, every flag reset.
      return { ...empty, isLoading: false, signOutReason: action.reason ?? null };
  }
}
