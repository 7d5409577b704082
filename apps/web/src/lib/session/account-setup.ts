// What happens after a sign-in (docs/product/rules-and-messages.md#auth-state): register the account, then look up the
// organisation. Kept apart from React so the provider only dispatches.
import type { Dispatch } from 'react';
import type { Account } from '@questboard/shared/accounts';
import { accountStatus, organisationStatus } from '@questboard/shared/names';

import { getErrorMessage, isApiError } from '../api-error';
import { accountCacheKey, organisationCacheKey, storeCached } from './account-cache';
import type { AccountApi } from './account-calls';
import type { AuthAction } from './auth-state';

export async function loadOrganisation(api: AccountApi, dispatch: Dispatch<AuthAction>): Promise<void> {
  try {
    const organisation = await api.getOrganisationInfo();
    storeCached(organisationCacheKey, organisation);
    const status = organisationStatus(organisation);
    dispatch({ type: 'organisation-loaded', organisation, message: status.active ? null : status.message });
  } catch (error) {
    storeCached(organisationCacheKey, null);
    // No organisation yet is the normal state of a new user, not an error.
    dispatch({ type: 'organisation-missing', message: isApiError(error, 404) ? null : getErrorMessage(error, 'Failed to refresh account data') });
  }
}

/** Registers and loads the organisation; answers the account, or null when registration failed. */
export async function registerAndLoad(api: AccountApi, dispatch: Dispatch<AuthAction>): Promise<Account | null> {
  try {
    const account = await api.registerAccount();
    storeCached(accountCacheKey, account);
    dispatch({ type: 'account-registered', account });
    const status = accountStatus(account);
    if (!status.active) {
      dispatch({ type: 'account-failed', message: status.message });
      return account;
    }
    await loadOrganisation(api, dispatch);
    return account;
  } catch (error) {
    storeCached(accountCacheKey, null);
    dispatch({ type: 'account-failed', message: getErrorMessage(error, 'Account registration failed') });
    return null;
  }
}
