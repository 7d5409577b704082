import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@questboard/shared/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { renderPage } from '../../../testing/render-page';
import { testAccount } from '../../../testing/test-auth-provider';
import { CompleteProfileForm } from '../components/complete-profile-form';
import { Component as CompleteProfileRoute } from './complete-profile';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  await server.close();
});

const renderProfile = (account: Account = { ...testAccount, firstName: null, lastName: null, name: null }) =>
  renderPage(CompleteProfileRoute, { path: '/complete-profile', pattern: paths.completeProfile.path, auth: { account } });

const firstName = () => screen.getByRole('textbox', { name: 'First name' });
const lastName = () => screen.getByRole('textbox', { name: 'Last name' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('/complete-profile', () => {
  it('asks for both names, each field with its own message, without calling the server', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeInTheDocument();
    await submit();
    expect(firstName()).toHaveAccessibleDescription('Both first name and last name are required');
    expect(lastName()).toHaveAccessibleDescription('Both first name and last name are required');
    expect(firstName()).toHaveFocus();
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['A', 'Lovelace', 'First name must be at least 2 characters', null],
    ['Ada', 'L', null, 'Last name must be at least 2 characters'],
    ['A'.repeat(51), 'Lovelace', 'First name must be less than 50 characters', null],
    ['Ada', 'L'.repeat(51), null, 'Last name must be less than 50 characters'],
    ['Ada2', 'Love_lace', 'First name contains invalid characters', 'Last name contains invalid characters'],
  ])('%j %j: %s / %s', async (first, last, firstMessage, lastMessage) => {
    renderProfile();
    await userEvent.click(firstName());
    await userEvent.paste(first);
    await userEvent.click(lastName());
    await userEvent.paste(last);
    await userEvent.tab();
    if (firstMessage) expect(firstName()).toHaveAccessibleDescription(firstMessage);
    else expect(firstName()).not.toHaveAttribute('aria-invalid');
    if (lastMessage) expect(lastName()).toHaveAccessibleDescription(lastMessage);
    else expect(lastName()).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(server.requests).toHaveLength(0);
  });

  it('saves the trimmed names, prefilled from the account', async () => {
    server.routes({ 'PUT /core/accounts/name': { body: { firstName: 'Ada', lastName: 'King', name: 'Ada King' } } });
    renderProfile({ ...testAccount, firstName: 'Ada', lastName: null, name: null });
    expect(firstName()).toHaveValue('Ada');
    expect(lastName()).toHaveValue('');
    await userEvent.type(lastName(), '  King ');
    await submit();
    await waitFor(() => expect(server.calls()).toEqual(['PUT /core/accounts/name']));
    expect(server.bodyOf('PUT /core/accounts/name')).toEqual({ firstName: 'Ada', lastName: 'King' });
  });

  it("shows the server's refusal inline", async () => {
    server.routes({
      'PUT /core/accounts/name': { status: 403, body: { code: 'ACCOUNT_INACTIVE', message: 'Your account is inactive. Please contact support.' } },
    });
    renderProfile();
    await userEvent.type(firstName(), 'Ada');
    await userEvent.type(lastName(), 'Lovelace');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is inactive. Please contact support.');
  });

  it("falls back to 'Failed to update name' when the failure carries no message", async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('')));
    render(<CompleteProfileForm initial={{ firstName: '', lastName: '' }} onSave={onSave} />);
    await userEvent.type(firstName(), 'Grace');
    await userEvent.type(lastName(), "O'Hara-Smith");
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update name');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Grace', "O'Hara-Smith");
  });
});
