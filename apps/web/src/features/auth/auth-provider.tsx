import { useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';

import { notify } from '../../lib/notify';
import type { AuthClient } from './auth-client';
import { AuthContext, type AuthContextValue } from './auth-context';
import { FORCE_LOGOUT_EVENT, authClient as defaultClient } from './auth-instance';
import { authReducer, initialAuthState } from './auth-state';
import { clearAuthStorage, safeStorage, storageKeys } from './auth-storage';
import { linkSentMessage, signedInWithLinkMessage } from './messages';

export function AuthProvider({ children, client = defaultClient }: { children: ReactNode; client?: AuthClient | undefined }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const processing = useRef(false);

  useEffect(() => client.onAuthStateChanged((user) => dispatch({ type: 'identity-changed', user })), [client]);

  useEffect(() => {
    const onForceLogout = () => dispatch({ type: 'logged-out' });
    window.addEventListener(FORCE_LOGOUT_EVENT, onForceLogout);
    return () => window.removeEventListener(FORCE_LOGOUT_EVENT, onForceLogout);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      async sendSignInLink(email, redirectTo) {
        await client.sendSignInLinkToEmail(email, redirectTo ? { redirectTo } : {});
        safeStorage.set(storageKeys.emailForSignIn, email);
        dispatch({ type: 'email-link-sent' });
        notify.linkSent(linkSentMessage(email));
      },
      async completeEmailLinkSignIn(email, url) {
        if (processing.current) return null;
        processing.current = true;
        dispatch({ type: 'email-link-processing', processing: true });
        try {
          const result = await client.signInWithEmailLink(email, url);
          safeStorage.remove(storageKeys.emailForSignIn);
          notify.success(signedInWithLinkMessage);
          return result;
        } finally {
          processing.current = false;
          dispatch({ type: 'email-link-processing', processing: false });
        }
      },
      signInWithGoogle: (redirectTo) => client.signInWithGoogle(redirectTo ? { redirectTo } : {}),
      async logout() {
        try {
          await client.signOut();
        } finally {
          try {
            clearAuthStorage(localStorage);
          } catch {
            // Storage unavailable.
          }
          dispatch({ type: 'logged-out' });
        }
      },
      refreshIdToken: () => client.getIdToken(true),
    }),
    [state, client],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
