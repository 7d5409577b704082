// Issue 20: the caches a returning visitor's page starts from never outlive the session they belong to.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { createMemoryAccountApi } from '../../testing/memory-account-api';
import { createMemoryAuthClient } from '../../testing/memory-auth-client';
import { accountCacheKey, organisationCacheKey, projectsCacheKey, storeCached } from './account-cache';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

const memoryUser = { uid: 'memory-user', email: 'ada@studio.example', displayName: null, photoURL: null, emailVerified: true };
const someoneElse = { id: 'someone-else', firstName: 'Eve', lastName: 'Other', name: 'Eve Other', isActive: true };
const theirOrganisation = { id: 'their-org', name: 'Their Studio', isActive: true, role: 'owner' as const, createdAt: '2026-01-01T00:00:00.000Z', memberCount: 1 };

function Shown() {
  const { accountData, organizationData, isSettingUp } = useAuth();
  return <p>{`${accountData?.name ?? 'no account'} · ${organizationData?.name ?? 'no organisation'}${isSettingUp ? ' · setting up' : ''}`}</p>;
}

function seedCaches(account = someoneElse) {
  storeCached(accountCacheKey, account);
  storeCached(organisationCacheKey, theirOrganisation);
  localStorage.setItem(projectsCacheKey, JSON.stringify({ data: [], cachedAt: Date.now() }));
}

afterEach(() => {
  localStorage.clear();
});

describe('AuthProvider and the 24-hour caches', () => {
  it('clears them all when nobody is signed in', async () => {
    seedCaches();
    render(
      <AuthProvider client={createMemoryAuthClient(null)} accountApi={createMemoryAccountApi()}>
        <Shown />
      </AuthProvider>,
    );
    expect(await screen.findByText('no account · no organisation')).toBeInTheDocument();
    expect([accountCacheKey, organisationCacheKey, projectsCacheKey].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });

  it("drops another person's cached account, organisation and projects at once when someone else signs in", async () => {
    seedCaches();
    const api = createMemoryAccountApi({ account: { id: 'memory-user' } });
    render(
      <AuthProvider client={createMemoryAuthClient(memoryUser)} accountApi={api}>
        <Shown />
      </AuthProvider>,
    );
    expect(screen.queryByText(/Eve Other|Their Studio/)).not.toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace · Pixel Forge')).toBeInTheDocument();
    expect(localStorage.getItem(projectsCacheKey)).toBeNull();
    // A new sign-in for this person: registered first, then the organisation.
    expect(api.calls).toEqual(['registerAccount', 'getOrganisationInfo']);
  });

  it("keeps the same person's caches and revalidates them", async () => {
    seedCaches({ ...someoneElse, id: 'memory-user' });
    render(
      <AuthProvider client={createMemoryAuthClient(memoryUser)} accountApi={createMemoryAccountApi({ account: { id: 'memory-user' } })}>
        <Shown />
      </AuthProvider>,
    );
    expect(screen.getByText(/^Eve Other · Their Studio/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Ada Lovelace · Pixel Forge')).toBeInTheDocument());
    expect(localStorage.getItem(projectsCacheKey)).not.toBeNull();
  });
});
