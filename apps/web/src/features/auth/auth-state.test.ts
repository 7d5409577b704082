import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

const ada = { uid: 'u1', email: 'ada@studio.example', displayName: null, photoURL: null, emailVerified: true };

describe('authReducer', () => {
  it('starts loading and signed out', () => {
    expect(initialAuthState).toMatchObject({ isLoading: true, isAuthenticated: false, user: null });
  });

  it.each<[string, AuthState, Parameters<typeof authReducer>[1], Partial<AuthState>]>([
    ['a sign-in sets the user and ends loading', initialAuthState, { type: 'identity-changed', user: ada }, { user: ada, isAuthenticated: true, isLoading: false }],
    ['a sign-out clears the user and ends loading', { ...initialAuthState, user: ada, isAuthenticated: true }, { type: 'identity-changed', user: null }, { user: null, isAuthenticated: false, isLoading: false }],
    ['sending a link sets isEmailLinkSent', initialAuthState, { type: 'email-link-sent' }, { isEmailLinkSent: true }],
    ['completing sets the processing flag', initialAuthState, { type: 'email-link-processing', processing: true }, { isProcessingEmailLink: true }],
    [
      'logout resets every flag',
      { user: ada, isAuthenticated: true, isLoading: false, isEmailLinkSent: true, isProcessingEmailLink: true },
      { type: 'logged-out' },
      { user: null, isAuthenticated: false, isLoading: false, isEmailLinkSent: false, isProcessingEmailLink: false },
    ],
  ])('%s', (_name, state, action, expected) => {
    expect(authReducer(state, action)).toMatchObject(expected);
  });
});
