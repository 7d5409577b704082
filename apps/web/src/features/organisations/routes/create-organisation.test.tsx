import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { testAccount, testOrganisation } from '../../../testing/test-auth-provider';
import { CreateOrganisationForm } from '../components/create-organisation-form';
import { Component as CreateOrganisationRoute } from './create-organisation';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const renderCreateOrg = () =>
  renderPage(CreateOrganisationRoute, { path: '/create-org', pattern: paths.createOrg.path, auth: { organisation: null } });

const nameField = () => screen.getByRole('textbox', { name: 'Organisation name' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));

describe('/create-org', () => {
  it('shows the rule a name breaks once the field is left, and updates it while typing', async () => {
    renderCreateOrg();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your organisation' })).toBeInTheDocument();
    await userEvent.click(nameField());
    await userEvent.tab();
    expect(nameField()).toHaveAccessibleDescription('Organisation name is required');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(nameField(), 'A');
    expect(nameField()).toHaveAccessibleDescription('Organisation name must be at least 2 characters');
    await userEvent.type(nameField(), 'cme <Games>');
    expect(nameField()).toHaveAccessibleDescription('Organisation name contains invalid characters');
    await userEvent.clear(nameField());
    await userEvent.click(nameField());
    await userEvent.paste('A'.repeat(101));
    expect(nameField()).toHaveAccessibleDescription('Organisation name must be less than 100 characters');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an empty submit without calling the server, focusing the field', async () => {
    renderCreateOrg();
    await submit();
    expect(nameField()).toHaveAccessibleDescription('Organisation name is required');
    expect(nameField()).toHaveFocus();
    expect(server.requests).toHaveLength(0);
  });

  it('creates the organisation with the trimmed name', async () => {
    server.routes({ 'POST /core/orgs': { status: 201, body: { ...testOrganisation, name: 'Moonlight Games' } } });
    renderCreateOrg();
    await userEvent.type(nameField(), '  Moonlight Games  ');
    await submit();
    await waitFor(() => expect(server.calls()).toEqual(['POST /core/orgs']));
    expect(server.bodyOf('POST /core/orgs')).toEqual({ name: 'Moonlight Games' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer test-token');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Organisation created successfully!')).toBeInTheDocument();
  });

  it('asks for the profile in its success toast when the account has no name yet', async () => {
    server.routes({ 'POST /core/orgs': { status: 201, body: { ...testOrganisation, name: 'Moonlight Games' } } });
    const account = { ...testAccount, firstName: null, lastName: null, name: null };
    renderPage(CreateOrganisationRoute, { path: '/create-org', pattern: paths.createOrg.path, auth: { organisation: null, account } });
    await userEvent.type(nameField(), 'Moonlight Games');
    await submit();
    expect(await screen.findByText('Organisation created successfully! Please complete your profile.')).toBeInTheDocument();
  });

  it("shows the server's refusal inline", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      'POST /core/orgs': {
        status: 409,
        body: { code: 'ALREADY_IN_ORGANISATION', message: 'You already belong to an organisation. Leave it first to join or create another.' },
      },
    });
    renderCreateOrg();
    await userEvent.type(nameField(), 'Moonlight Games');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already belong to an organisation. Leave it first to join or create another.',
    );
    expect(console.error).toHaveBeenCalledWith('Organisation creation failed', expect.anything());
    expect(screen.getByRole('button', { name: 'Create organisation' })).toBeEnabled();
  });

  it('says so when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'POST /core/orgs': 'drop' });
    renderCreateOrg();
    await userEvent.type(nameField(), 'Moonlight Games');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.');
    expect(console.error).toHaveBeenCalledWith('Organisation creation failed', expect.anything());
  });

  it("falls back to 'Failed to create organisation' when the failure carries no message", async () => {
    const onCreate = vi.fn(() => Promise.reject(new Error('')));
    render(<CreateOrganisationForm onCreate={onCreate} />);
    await userEvent.type(nameField(), 'Moonlight Games');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create organisation');
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Moonlight Games');
  });
});
