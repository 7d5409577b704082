import { describe, expect, it } from 'vitest';

import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';

const ada = { uid: 'u1', email: 'ada@studio.example', displayName: null, photoURL: null, emailVerified: true };
const named = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', isActive: true };
const unnamed = { id: 'u1', firstName: null, lastName: null, name: null, isActive: true };
const studio = { id: 'o1', name: 'Pixel Forge', isActive: true, role: 'owner' as const, createdAt: '2026-01-01T00:00:00.000Z', memberCount: 1 };
const signedIn: AuthState = { ...initialAuthState(named, studio), user: ada, isAuthenticated: true, isLoading: false };

describe('initialAuthState (seeded from the caches)', () => {
  it.each([
    ['nothing cached', null, null, { isLoading: true, needsOrganization: false, needsNameSetup: false }],
    ['an account but no organisation', named, null, { needsOrganization: true, needsNameSetup: false, accountData: named }],
    ['an account without a name', unnamed, studio, { needsOrganization: false, needsNameSetup: true }],
    ['both', named, studio, { needsOrganization: false, needsNameSetup: false, organizationData: studio }],
  ])('%s', (_name, account, organisation, expected) => {
    expect(initialAuthState(account, organisation)).toMatchObject(expected);
  });
});

describe('authReducer', () => {
  it.each<[string, AuthState, AuthAction, Partial<AuthState>]>([
    ['a sign-in sets the user and ends loading', initialAuthState(), { type: 'identity-changed', user: ada }, { user: ada, isAuthenticated: true, isLoading: false }],
    ['a sign-out clears the user', signedIn, { type: 'identity-changed', user: null }, { user: null, isAuthenticated: false, isLoading: false }],
    ['setup starts and clears old errors', { ...signedIn, accountError: 'x', organizationError: 'y' }, { type: 'setup-started' }, { isSettingUp: true, accountError: null, organizationError: null }],
    ['a registered account without a name needs name setup', signedIn, { type: 'account-registered', account: unnamed }, { accountData: unnamed, needsNameSetup: true }],
    ['registration failure stores the error and clears account data', signedIn, { type: 'account-failed', message: 'Account registration failed' }, { accountError: 'Account registration failed', accountData: null }],
    ['a failed organisation look-up needs an organisation', signedIn, { type: 'organisation-missing', message: null }, { organizationData: null, needsOrganization: true, organizationError: null }],
    ['an inactive organisation is kept with its message', signedIn, { type: 'organisation-loaded', organisation: { ...studio, isActive: false }, message: 'Your organisation is inactive. Please contact support.' }, { needsOrganization: false, organizationError: 'Your organisation is inactive. Please contact support.' }],
    ['an updated name ends name setup', { ...signedIn, accountData: unnamed, needsNameSetup: true }, { type: 'name-updated', account: named }, { accountData: named, needsNameSetup: false, nameError: null }],
    ['a failed name update stores the error', signedIn, { type: 'name-failed', message: 'Failed to update name' }, { nameError: 'Failed to update name' }],
    ['sending a link sets isEmailLinkSent', initialAuthState(), { type: 'email-link-sent' }, { isEmailLinkSent: true }],
    ['completing sets the processing flag', initialAuthState(), { type: 'email-link-processing', processing: true }, { isProcessingEmailLink: true }],
    [
      'logout resets everything',
      { ...signedIn, isEmailLinkSent: true, isProcessingEmailLink: true, needsNameSetup: true, accountError: 'x' },
      { type: 'logged-out' },
      { user: null, accountData: null, organizationData: null, isAuthenticated: false, isLoading: false, isEmailLinkSent: false, isProcessingEmailLink: false, needsNameSetup: false, needsOrganization: false, accountError: null },
    ],
    ['a logout by the app keeps its reason for /login', signedIn, { type: 'logged-out', reason: 'Your account is inactive. Please contact support.' }, { user: null, signOutReason: 'Your account is inactive. Please contact support.' }],
  ])('%s', (_name, state, action, expected) => {
    expect(authReducer(state, action)).toMatchObject(expected);
  });
});
