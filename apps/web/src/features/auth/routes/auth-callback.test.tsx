import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-error';
import { createMemoryAuthClient } from '../../../testing/memory-auth-client';
import { renderRoute } from '../../../testing/render-route';
import { storageKeys } from '../../../lib/session/auth-storage';
import { resetProcessedEmailLinks } from '../email-link-processing';

const link = '/auth/callback?apiKey=key-1&oobCode=code-1&mode=signIn&lang=en';

describe('/auth/callback', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => resetProcessedEmailLinks());

  it('completes the link with the stored address, forgets it, and goes to /', async () => {
    localStorage.setItem(storageKeys.emailForSignIn, 'ada@studio.example');
    const client = createMemoryAuthClient();
    const { router } = renderRoute(link, client);
    expect(await screen.findByRole('heading', { name: 'Completing sign-in...' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(client.calls).toContainEqual({ method: 'signInWithEmailLink', args: ['ada@studio.example', `http://localhost:3000${link}`] });
    expect(client.calls.filter((call) => call.method === 'signInWithEmailLink')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.emailForSignIn)).toBeNull();
  });

  it('asks for the address when none is stored, requiring one', async () => {
    const client = createMemoryAuthClient();
    const { router } = renderRoute(link, client);
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete Sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(screen.getByRole('link', { name: 'Back to Sign-in' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), ' grace@studio.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(client.calls).toContainEqual({ method: 'signInWithEmailLink', args: ['grace@studio.example', `http://localhost:3000${link}`] });
  });

  it('says the manual-entry failure text when completing with a typed address fails', async () => {
    const client = createMemoryAuthClient();
    client.failNextWith(new Error('boom'));
    renderRoute(link, client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'grace@studio.example');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete sign-in. Please check your email address and try again.');
  });

  it('says the manual-entry text, not the link text, when the typed address is not the one the link was sent to', async () => {
    const client = createMemoryAuthClient();
    // The server's generic answer to another address (docs/product/security-cases.md case 4) is the invalid-link one.
    client.failNextWith(new ApiError('Invalid sign-in link. Please request a new one.', { status: 400, code: 'INVALID_SIGN_IN_LINK' }));
    renderRoute(link, client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'someone-else@studio.example');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete sign-in. Please check your email address and try again.');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
  });

  it("keeps the server's own message for a typed address it refuses for another reason", async () => {
    const client = createMemoryAuthClient();
    client.failNextWith(new ApiError('Please enter a valid email address.', { status: 400, code: 'INVALID_EMAIL' }));
    renderRoute(link, client);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });

  it("shows 'Sign-in Failed' with the server's message for a used link", async () => {
    localStorage.setItem(storageKeys.emailForSignIn, 'ada@studio.example');
    const client = createMemoryAuthClient();
    client.failNextWith(new ApiError('Invalid sign-in link. Please request a new one.', { status: 400, code: 'INVALID_SIGN_IN_LINK' }));
    renderRoute(link, client);
    expect(await screen.findByRole('heading', { name: 'Sign-in Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid sign-in link. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Back to Sign-in' })).toHaveAttribute('href', '/login');
  });

  it("falls back to 'Failed to complete sign-in. Please try again.' when the failure carries no client message", async () => {
    localStorage.setItem(storageKeys.emailForSignIn, 'ada@studio.example');
    const client = createMemoryAuthClient();
    client.failNextWith(new ApiError('An unexpected error occurred.', { status: 500, code: 'INTERNAL_ERROR' }));
    renderRoute(link, client);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete sign-in. Please try again.');
  });
});
