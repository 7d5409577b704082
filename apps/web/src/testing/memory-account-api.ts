import type { Account } from '@questboard/shared/accounts';
import type { Organisation } from '@questboard/shared/organisations';

import { ApiError } from '../lib/api-error';
import type { AccountApi } from '../lib/session/account-calls';

/**
 * The account calls kept in memory, for component tests: the sign-in flow runs its real code
 * against it without a server. Defaults to a fully set-up user.
 */
export function createMemoryAccountApi(options: { account?: Partial<Account>; organisation?: Organisation | null } = {}) {
  let account: Account = { id: 'memory-user', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', isActive: true, ...options.account };
  const organisation: Organisation | null =
    options.organisation === undefined
      ? { id: 'memory-org', name: 'Pixel Forge', isActive: true, role: 'owner', createdAt: '2026-01-01T00:00:00.000Z', memberCount: 1 }
      : options.organisation;
  const calls: string[] = [];
  const api: AccountApi & { calls: string[] } = {
    calls,
    registerAccount: async () => {
      calls.push('registerAccount');
      return account;
    },
    getOrganisationInfo: async () => {
      calls.push('getOrganisationInfo');
      if (!organisation) throw new ApiError('You do not belong to an organisation yet.', { status: 404, code: 'ORGANISATION_NOT_FOUND' });
      return organisation;
    },
    updateAccountName: async (firstName, lastName) => {
      calls.push(`updateAccountName ${firstName} ${lastName}`);
      account = { ...account, firstName, lastName, name: `${firstName} ${lastName}` };
      return { firstName, lastName, name: account.name ?? '' };
    },
  };
  return api;
}
