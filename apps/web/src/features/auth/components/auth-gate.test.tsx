import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { createMemoryAccountApi } from '../../../testing/memory-account-api';
import { createMemoryAuthClient } from '../../../testing/memory-auth-client';
import { renderRoute } from '../../../testing/render-route';
import { INVITATION_REDIRECT_KEY } from '../../../lib/session/pending-invitation';

const ada = { uid: 'u1', email: 'ada@studio.example', displayName: null, photoURL: null, emailVerified: true };
const signedIn = () => createMemoryAuthClient(ada);

describe('the auth flow wrapper and /auth-validation', () => {
  beforeEach(() => localStorage.clear());

  it('takes a new user without an organisation through /auth-validation to /create-org', async () => {
    const api = createMemoryAccountApi({ account: { firstName: null, lastName: null, name: null }, organisation: null });
    const { router } = renderRoute('/', signedIn(), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth-validation'));
    const arrived = performance.now();
    expect(await screen.findByRole('heading', { name: 'Setting up your account...' }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-org'), { timeout: 3000 });
    // After the 1.5 s delay of docs/product/rules-and-messages.md#routing-rules (less waitFor's 50 ms polling).
    expect(performance.now() - arrived).toBeGreaterThanOrEqual(1400);
    expect(api.calls).toEqual(['registerAccount', 'getOrganisationInfo']);
  });

  it('sends a user with an organisation but no name to /complete-profile', async () => {
    const api = createMemoryAccountApi({ account: { firstName: null, lastName: null, name: null } });
    const { router } = renderRoute('/', signedIn(), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'), { timeout: 3000 });
  });

  it('lets a fully set-up user straight onto / and caches the account and organisation', async () => {
    const { router } = renderRoute('/', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // Greeted by first name (docs/product/rules-and-messages.md#entities).
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByText(/Welcome back,/)).toHaveTextContent('Welcome back, Ada · Pixel Forge');
    expect(JSON.parse(localStorage.getItem('questboard:account')!)).toMatchObject({ data: { firstName: 'Ada' }, cachedAt: expect.any(Number) as number });
    expect(JSON.parse(localStorage.getItem('questboard:organisation')!)).toMatchObject({ data: { name: 'Pixel Forge' } });
  });

  it('removes auth=complete from the address', async () => {
    const { router } = renderRoute('/?auth=complete', signedIn());
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(router.state.location.search).toBe('');
    // Only a new account's setup ends at auth=complete: its first visit is no "Welcome back" (issue 21).
    expect(screen.getByText(/^Welcome/)).toHaveTextContent('Welcome, Ada · Pixel Forge');
  });

  it('uses a stored invitation_redirect_url once at /', async () => {
    localStorage.setItem(INVITATION_REDIRECT_KEY, '/organisation');
    const { router } = renderRoute('/', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation'), { timeout: 3000 });
    expect(localStorage.getItem(INVITATION_REDIRECT_KEY)).toBeNull();
  });

  it("shows the 'Setup Error' screen when registration fails, and Back to Sign-in signs out", async () => {
    const api = createMemoryAccountApi();
    api.registerAccount = () => Promise.reject(new Error('Account registration failed'));
    const client = signedIn();
    const { router } = renderRoute('/organisation', client, api);
    expect(await screen.findByRole('heading', { name: 'Setup Error' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Account registration failed')).toBeInTheDocument();
    expect(screen.getByText('Please try logging in again or contact support.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(client.calls).toContainEqual({ method: 'signOut', args: [] });
  });

  it('signs an inactive account out from /auth-validation and says why on /login', async () => {
    const api = createMemoryAccountApi({ account: { isActive: false } });
    const { router } = renderRoute('/auth-validation', signedIn(), api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Your account is inactive. Please contact support.');
  });
});
