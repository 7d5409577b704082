// Issue 20: a returning visitor's account and organisation are revalidated side by side; a new
// sign-in registers first, then looks the organisation up (docs/product/rules-and-messages.md#auth-state).
import type { Account } from '@questboard/shared/accounts';
import type { Organisation } from '@questboard/shared/organisations';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred } from '../../testing/api-client-harness';
import { ApiError } from '../api-error';
import { accountCacheKey, organisationCacheKey, projectsCacheKey, storeCached } from './account-cache';
import type { AccountApi } from './account-calls';
import { registerAndLoad } from './account-setup';

const account: Account = { id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', isActive: true };
const organisation: Organisation = { id: 'org-1', name: 'Pixel Forge', isActive: true, role: 'owner', createdAt: '2026-01-01T00:00:00.000Z', memberCount: 1 };

/** Calls that answer only when the test says so, recording the order they were made in. */
function heldApi() {
  const calls: string[] = [];
  const registration = deferred<Account>();
  const lookup = deferred<Organisation>();
  const api: AccountApi = {
    registerAccount: () => {
      calls.push('registerAccount');
      return registration.promise;
    },
    getOrganisationInfo: () => {
      calls.push('getOrganisationInfo');
      return lookup.promise;
    },
    updateAccountName: () => Promise.reject(new Error('not used')),
  };
  return { api, calls, registration, lookup };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  localStorage.clear();
});

describe('registerAndLoad', () => {
  it('asks for the organisation beside the registration for a returning visitor', async () => {
    const { api, calls, registration, lookup } = heldApi();
    const dispatch = vi.fn();
    const done = registerAndLoad(api, dispatch, { parallel: true });
    await tick();
    expect(calls).toEqual(['registerAccount', 'getOrganisationInfo']);
    lookup.resolve(organisation);
    registration.resolve(account);
    await expect(done).resolves.toEqual(account);
    expect(dispatch.mock.calls.map(([action]) => (action as { type: string }).type)).toEqual(['account-registered', 'organisation-loaded']);
    expect(calls).toHaveLength(2);
  });

  it('registers first on a new sign-in, then looks the organisation up', async () => {
    const { api, calls, registration, lookup } = heldApi();
    const done = registerAndLoad(api, vi.fn());
    await tick();
    expect(calls).toEqual(['registerAccount']);
    registration.resolve(account);
    await tick();
    expect(calls).toEqual(['registerAccount', 'getOrganisationInfo']);
    lookup.resolve(organisation);
    await expect(done).resolves.toEqual(account);
  });

  it('leaves the organisation out for an inactive account, even when it was asked for', async () => {
    const { api, registration, lookup } = heldApi();
    const dispatch = vi.fn();
    const done = registerAndLoad(api, dispatch, { parallel: true });
    lookup.reject(new ApiError('Forbidden', { status: 403, code: 'FORBIDDEN' }));
    registration.resolve({ ...account, isActive: false });
    await done;
    expect(dispatch.mock.calls.map(([action]) => (action as { type: string }).type)).toEqual(['account-registered', 'account-failed']);
  });

  it('clears every session cache when the registration fails, and the organisation and projects when the look-up does', async () => {
    const seed = () => {
      storeCached(accountCacheKey, account);
      storeCached(organisationCacheKey, organisation);
      localStorage.setItem(projectsCacheKey, '{}');
    };
    const failing = heldApi();
    seed();
    failing.registration.reject(new ApiError('Unauthorized', { status: 401, code: 'UNAUTHENTICATED' }));
    await registerAndLoad(failing.api, vi.fn());
    expect([accountCacheKey, organisationCacheKey, projectsCacheKey].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);

    const noOrganisation = heldApi();
    seed();
    noOrganisation.registration.resolve(account);
    noOrganisation.lookup.reject(new ApiError('Forbidden', { status: 403, code: 'FORBIDDEN' }));
    await registerAndLoad(noOrganisation.api, vi.fn(), { parallel: true });
    expect(localStorage.getItem(accountCacheKey)).not.toBeNull();
    expect([organisationCacheKey, projectsCacheKey].map((key) => localStorage.getItem(key))).toEqual([null, null]);
  });
});
