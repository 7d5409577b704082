// The auth state of SPEC.md sections 3 and 4 as a pure reducer; the provider only wires it.
import type { AuthUser } from './auth-client';

export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** True until the identity state is first known (the session is restored from the cookie). */
  isLoading: boolean;
  isEmailLinkSent: boolean;
  isProcessingEmailLink: boolean;
}

export type AuthAction =
  | { type: 'identity-changed'; user: AuthUser | null }
  | { type: 'email-link-sent' }
  | { type: 'email-link-processing'; processing: boolean }
  | { type: 'logged-out' };

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: true,
  isEmailLinkSent: false,
  isProcessingEmailLink: false,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'identity-changed':
      return { ...state, user: action.user, isAuthenticated: action.user !== null, isLoading: false };
    case 'email-link-sent':
      return { ...state, isEmailLinkSent: true };
    case 'email-link-processing':
      return { ...state, isProcessingEmailLink: action.processing };
    case 'logged-out':
      // Logout or a forceLogout event: everything back to signed out, all flags reset.
      return { ...initialAuthState, isLoading: false };
  }
}
