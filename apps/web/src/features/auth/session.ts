// TEMPORARY SEAM: the identity issue replaces this whole module with the real AuthClient
// (DESIGN.md "Identity"): session state from onAuthStateChanged, and the sign-in verbs calling
// /auth/v1. Until then nobody can be signed in, and the sign-in verbs fail honestly, so the pages
// exercise their real error paths instead of pretending to succeed.

export interface Session {
  isAuthenticated: boolean;
  /** True while the identity state is still being restored (e.g. refreshing the token at start). */
  isLoading: boolean;
}

const SIGNED_OUT: Session = { isAuthenticated: false, isLoading: false };

export function useSession(): Session {
  return SIGNED_OUT;
}

const identityNotConfigured = () => Promise.reject(new Error('Identity service is not configured'));

/** Sends a passwordless sign-in link to the (trimmed) e-mail address. */
export const sendSignInLink: (email: string) => Promise<void> = identityNotConfigured;

export const signInWithGoogle: () => Promise<void> = identityNotConfigured;
