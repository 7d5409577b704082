import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { Account } from '@questboard/shared/accounts';

import { getErrorMessage } from '../api-error';
import { notify } from '../notify';
import { APP_NAME } from '../../config/app';
import { accountCacheKey, clearSessionCaches, loadCachedAccount, loadCachedOrganisation, organisationCacheKey, storeCached } from './account-cache';
import { loadOrganisation, registerAndLoad } from './account-setup';
import { httpAccountApi, type AccountApi } from './account-calls';
import type { AuthClient } from './auth-client';
import { AuthContext, type AuthContextValue } from './auth-context';
import { FORCE_LOGOUT_EVENT, authClient as defaultClient, connectApiClient } from './auth-instance';
import { authReducer, initialAuthState } from './auth-state';
import { clearAuthStorage, safeStorage, storageKeys } from './auth-storage';
import { linkSentMessage, signedInWithLinkMessage } from './messages';

function clearStorage() {
  try {
    clearAuthStorage(localStorage);
  } catch {
    // Storage unavailable.
  }
}

export function AuthProvider({
  children,
  client = defaultClient,
  accountApi = httpAccountApi,
}: {
  children: ReactNode;
  client?: AuthClient | undefined;
  accountApi?: AccountApi | undefined;
}) {
  const [state, dispatch] = useReducer(authReducer, undefined, () =>
    initialAuthState(loadCachedAccount(), loadCachedOrganisation()),
  );
  const processing = useRef(false);
  const setUpFor = useRef<string | null>(null);
  // Whose account is loaded (cached or registered), for the identity listener (which outlives renders).
  const accountId = useRef(state.accountData?.id ?? null);
  useEffect(() => {
    accountId.current = state.accountData?.id ?? null;
  }, [state.accountData]);

  useEffect(
    () =>
      client.onAuthStateChanged((user) => {
        const cachedFor = accountId.current;
        if (user && cachedFor !== null && cachedFor !== user.uid) {
          // Someone else's cached account and organisation (no sign-out in between): none of it may show.
          clearSessionCaches();
          dispatch({ type: 'logged-out' });
        }
        dispatch({ type: 'identity-changed', user });
        if (!user) {
          // Signed out (or a cached account from an earlier session): nothing of it may linger.
          if (setUpFor.current !== null || cachedFor !== null) dispatch({ type: 'logged-out' });
          clearSessionCaches();
          setUpFor.current = null;
          return;
        }
        if (setUpFor.current === user.uid) return;
        setUpFor.current = user.uid;
        dispatch({ type: 'setup-started' });
        // A returning visitor's account and organisation show from the cache; both are checked at once.
        void registerAndLoad(accountApi, dispatch, { parallel: cachedFor === user.uid }).finally(() => dispatch({ type: 'setup-finished' }));
      }),
    [client, accountApi],
  );

  // The one HTTP client takes its tokens from this provider's AuthClient, and forces logout through it.
  // A layout effect: in place before any page's query starts (pages may render while the session is restored).
  useLayoutEffect(() => connectApiClient(client), [client]);

  useEffect(() => {
    const onForceLogout = () => {
      setUpFor.current = null;
      dispatch({ type: 'logged-out' });
    };
    window.addEventListener(FORCE_LOGOUT_EVENT, onForceLogout);
    return () => window.removeEventListener(FORCE_LOGOUT_EVENT, onForceLogout);
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const refreshToken = () => client.getIdToken(true).catch(() => null);
    return {
      ...state,
      async sendSignInLink(email, redirectTo) {
        const sent = await client.sendSignInLinkToEmail(email, redirectTo ? { redirectTo } : {});
        safeStorage.set(storageKeys.emailForSignIn, email);
        dispatch({ type: 'email-link-sent' });
        notify.linkSent(linkSentMessage(email));
        return sent;
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
      async organisationCreated(organisation) {
        storeCached(organisationCacheKey, organisation);
        dispatch({ type: 'organisation-loaded', organisation });
        // The new token carries org_id; registering again refreshes the account.
        await refreshToken();
        return registerAndLoad(accountApi, dispatch);
      },
      async updateName(firstName, lastName) {
        try {
          const names = await accountApi.updateAccountName(firstName, lastName);
          const account: Account = { ...(state.accountData ?? { id: '', isActive: true }), ...names };
          storeCached(accountCacheKey, account);
          dispatch({ type: 'name-updated', account });
        } catch (error) {
          dispatch({ type: 'name-failed', message: getErrorMessage(error, 'Failed to update name') });
          throw error;
        }
        await refreshToken();
        await registerAndLoad(accountApi, dispatch);
        notify.success(`Profile completed successfully! Welcome to ${APP_NAME}`);
      },
      async reloadOrganisation() {
        await refreshToken();
        await loadOrganisation(accountApi, dispatch);
      },
      async logout(reason) {
        try {
          await client.signOut();
        } finally {
          clearStorage();
          setUpFor.current = null;
          dispatch({ type: 'logged-out', reason: reason ?? null });
        }
      },
      refreshIdToken: () => client.getIdToken(true),
    };
  }, [state, client, accountApi]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
