// The account and organisation calls the sign-in flow makes (docs/product/http-contract.md#core-calls), each logged with
// its section 8 label and rethrown.
import type { Account, UpdatedName } from '@questboard/shared/accounts';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Organisation } from '@questboard/shared/organisations';

import { apiClient } from '../api-client';
import { API_LOG_LABELS, callApi } from '../api-log';

export interface AccountApi {
  registerAccount(): Promise<Account>;
  /** Rejects with a 404 ApiError when the user has no organisation yet. */
  getOrganisationInfo(): Promise<Organisation>;
  updateAccountName(firstName: string, lastName: string): Promise<UpdatedName>;
}

// The answers' schemas load on first use: zod stays out of the sign-in page's first download (ADR 017).
const accountSchema = () => import('@questboard/shared/accounts').then((schemas) => schemas.accountSchema);
const updatedNameSchema = () => import('@questboard/shared/accounts').then((schemas) => schemas.updatedNameSchema);
const organisationSchema = () => import('@questboard/shared/organisations').then((schemas) => schemas.organisationSchema);

export const httpAccountApi: AccountApi = {
  // A 401 here forces logout at once (docs/product/http-contract.md#core-calls).
  registerAccount: () =>
    callApi(API_LOG_LABELS.accountRegistration, () =>
      apiClient.post(apiPaths.accounts.register.url(), accountSchema, undefined, { forceLogoutOn401: true }),
    ),
  getOrganisationInfo: () => callApi(API_LOG_LABELS.organisationInfo, () => apiClient.get(apiPaths.organisations.info.url(), organisationSchema)),
  updateAccountName: (firstName, lastName) =>
    callApi(API_LOG_LABELS.nameUpdate, () => apiClient.put(apiPaths.accounts.name.url(), updatedNameSchema, { firstName, lastName })),
};
