// What happens after a sign-in (docs/product/rules-and-messages.md#auth-state): register the account, then look up the
// organisation. A returning visitor's account and organisation already show from the 24-hour caches, so
// both are revalidated side by side (issue 20). Kept apart from React so the provider only dispatches.
import type { Dispatch } from 'react';
import type { Account } from '@questboard/shared/accounts';
import { accountStatus, organisationStatus } from '@questboard/shared/names';
import type { Organisation } from '@questboard/shared/organisations';

import { getErrorMessage, isApiError } from '../api-error';
import { accountCacheKey, clearSessionCaches, organisationCacheKey, projectsCacheKey, storeCached } from './account-cache';
import type { AccountApi } from './account-calls';
import type { AuthAction } from './auth-state';

/** Looks the organisation up (or takes the look-up already under way) and stores what it answers. */
export async function loadOrganisation(
  api: AccountApi,
  dispatch: Dispatch<AuthAction>,
  lookup: () => Promise<Organisation> = () => api.getOrganisationInfo(),
): Promise<void> {
  try {
    const organisation = await lookup();
    storeCached(organisationCacheKey, organisation);
    const status = organisationStatus(organisation);
    dispatch({ type: 'organisation-loaded', organisation, message: status.active ? null : status.message });
  } catch (error) {
    storeCached(organisationCacheKey, null);
    storeCached(projectsCacheKey, null);
    // No organisation yet is the normal state of a new user, not an error.
    dispatch({ type: 'organisation-missing', message: isApiError(error, 404) ? null : getErrorMessage(error, 'Failed to refresh account data') });
  }
}

/**
 * Registers and loads the organisation; answers the account, or null when registration failed.
 * `parallel`: the organisation is asked for at once, beside the registration (a returning visitor).
 */
export async function registerAndLoad(api: AccountApi, dispatch: Dispatch<AuthAction>, { parallel = false } = {}): Promise<Account | null> {
  try {
    const registration = api.registerAccount();
    const early = parallel ? api.getOrganisationInfo() : null;
    // Read below once the account is known to be active; ignored otherwise.
    early?.catch(() => undefined);
    const account = await registration;
    storeCached(accountCacheKey, account);
    dispatch({ type: 'account-registered', account });
    const status = accountStatus(account);
    if (!status.active) {
      dispatch({ type: 'account-failed', message: status.message });
      return account;
    }
    await loadOrganisation(api, dispatch, early ? () => early : undefined);
    return account;
  } catch (error) {
    clearSessionCaches();
    dispatch({ type: 'account-failed', message: getErrorMessage(error, 'Account registration failed') });
    return null;
  }
}
