import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-error';
import { createMemoryAuthClient } from '../../../testing/memory-auth-client';
import { renderRoute } from '../../../testing/render-route';
import { storageKeys } from '../../../lib/session/auth-storage';

const ada = { uid: 'u1', email: 'ada@studio.example', displayName: 'Ada Lovelace', photoURL: null, emailVerified: true };

describe('/login wired to the AuthClient', () => {
  beforeEach(() => localStorage.clear());

  it('sends the link, remembers the address and shows Check Your Email', async () => {
    const client = createMemoryAuthClient();
    renderRoute('/login', client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@studio.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(client.calls).toContainEqual({ method: 'sendSignInLinkToEmail', args: ['ada@studio.example', {}] });
    expect(localStorage.getItem(storageKeys.emailForSignIn)).toBe('ada@studio.example');
    expect(screen.getByRole('button', { name: /Continue with Google Instead/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'dev mailbox' })).not.toBeInTheDocument();
  });

  it("points to the dev mailbox when the server's answer says the link is there", async () => {
    const client = createMemoryAuthClient();
    client.devMailbox = '/dev/mailbox';
    renderRoute('/login', client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@studio.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.getByRole('link', { name: 'dev mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('starts with the address the router state names (an invitation sends it along)', async () => {
    const client = createMemoryAuthClient();
    // Opened from another page (the invitation), as a Link does.
    const { router } = renderRoute('/auth/callback', client);
    await screen.findByRole('heading', { name: 'Sign-in Failed' });
    await router.navigate('/login', { state: { from: { pathname: '/access/c0de', search: '', hash: '' }, email: 'grace@studio.example' } });
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('grace@studio.example');
  });

  it('carries the page a visitor was sent from through the link', async () => {
    const client = createMemoryAuthClient();
    renderRoute('/project/space-miner/events', client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@studio.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(client.calls).toContainEqual({ method: 'sendSignInLinkToEmail', args: ['ada@studio.example', { redirectTo: '/project/space-miner/events' }] });
  });

  it("shows the server's message for a refused address, and the spec's text otherwise", async () => {
    const client = createMemoryAuthClient();
    renderRoute('/login', client);
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'not-an-address');
    client.failNextWith(new ApiError('Please enter a valid email address.', { status: 400, code: 'INVALID_EMAIL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    client.failNextWith(new ApiError('Bad gateway', { status: 502 }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send sign-in link. Please try again.'));
  });

  it("prefers the provider's message when Google sign-in fails", async () => {
    const client = createMemoryAuthClient();
    client.failNextWith(new ApiError('Google sign-in is not configured.', { status: 503, code: 'GOOGLE_NOT_CONFIGURED' }));
    renderRoute('/login', client);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not configured.');
    client.failNextWith(new ApiError('Bad gateway', { status: 502 }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.'));
  });

  it('explains why Google sent the visitor back', async () => {
    renderRoute('/login?error=google_unverified_email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Google account has no verified e-mail address.');
  });

  it('sends a signed-in visitor to /', async () => {
    const { router } = renderRoute('/login', createMemoryAuthClient(ada));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signs out from the account menu and lands on /login', async () => {
    const client = createMemoryAuthClient(ada);
    localStorage.setItem('questboard:account', '{}');
    localStorage.setItem('theme-mode', 'dark');
    const { router } = renderRoute('/', client);
    await userEvent.click(await screen.findByRole('button', { name: 'Account: Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(client.calls).toContainEqual({ method: 'signOut', args: [] });
    expect(localStorage.getItem('questboard:account')).toBeNull();
    expect(localStorage.getItem('theme-mode')).toBe('dark');
  });
});
