import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { expiredInvitation, organisationListReplies, pendingInvitation } from '../../../testing/organisation-fixtures';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { testOrganisation } from '../../../testing/test-auth-provider';
import { Component as OrganisationRoute } from './organisation';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer(organisationListReplies);
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const renderAsOwner = () =>
  renderPage(OrganisationRoute, { path: '/organisation', pattern: paths.organisation.path, auth: { organisation: testOrganisation } });
const invitationRows = async () => within(await screen.findByRole('list', { name: 'Pending invitations' })).getAllByRole('listitem');
const emailField = () => screen.getByRole('textbox', { name: 'Email address' });
const sendButton = () => screen.getByRole('button', { name: 'Send invitation' });

describe('/organisation invitations', () => {
  it('lists pending and expired invitations', async () => {
    renderAsOwner();
    const rows = await invitationRows();
    expect(rows[0]).toHaveTextContent('mary@studio.exampleMemberPending');
    expect(rows[0]).toHaveTextContent('by Ada Lovelace · Expires Mar 8, 2030');
    expect(rows[1]).toHaveTextContent('alan@studio.exampleMemberExpired');
    expect(rows[1]).toHaveTextContent('Expired Mar 8, 2026');
  });

  it('says so when there are none', async () => {
    server.routes({ ...organisationListReplies, 'GET /core/orgs/invitations': { body: [] } });
    renderAsOwner();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });

  it('checks the address with the shared rule before sending', async () => {
    renderAsOwner();
    await invitationRows();
    await userEvent.type(emailField(), 'not-an-address');
    await userEvent.click(sendButton());
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(emailField()).toHaveFocus();
    expect(server.calls()).not.toContain('POST /core/orgs/invitations');
  });

  it('invites an address with a role, then gets ready for the next one', async () => {
    server.routes({
      ...organisationListReplies,
      'POST /core/orgs/invitations': { status: 201, body: { ...pendingInvitation, email: 'joan@studio.example', role: 'admin' } },
    });
    renderAsOwner();
    await invitationRows();
    await userEvent.type(emailField(), ' Joan@Studio.example ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.click(sendButton());
    expect(await screen.findByText('Invitation sent to joan@studio.example')).toBeInTheDocument();
    expect(server.bodyOf('POST /core/orgs/invitations')).toEqual({ email: 'joan@studio.example', role: 'admin' });
    expect(emailField()).toHaveValue('');
    expect(emailField()).toHaveFocus();
    await waitFor(() => expect(server.calls().filter((call) => call === 'GET /core/orgs/invitations')).toHaveLength(2));
  });

  it("shows the server's refusal inline", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'This address already has a pending invitation. Resend it instead.';
    server.routes({ ...organisationListReplies, 'POST /core/orgs/invitations': { status: 409, body: { code: 'ALREADY_INVITED', message } } });
    renderAsOwner();
    await invitationRows();
    await userEvent.type(emailField(), 'mary@studio.example');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('resends an invitation', async () => {
    const resend = `POST /core/orgs/invitations/${expiredInvitation.id}/resend`;
    server.routes({ ...organisationListReplies, [resend]: { body: { ...expiredInvitation, status: 'PENDING' } } });
    renderAsOwner();
    await invitationRows();
    await userEvent.click(screen.getByRole('button', { name: 'Resend the invitation to alan@studio.example' }));
    expect(await screen.findByText('Invitation sent again to alan@studio.example')).toBeInTheDocument();
    expect(server.calls()).toContain(resend);
  });

  it('revokes an invitation after confirming', async () => {
    const revoke = `DELETE /core/orgs/invitations/${pendingInvitation.id}`;
    renderAsOwner();
    await invitationRows();
    server.routes({ ...organisationListReplies, [revoke]: { status: 204 }, 'GET /core/orgs/invitations': { body: [expiredInvitation] } });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to mary@studio.example' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    expect(dialog).toHaveAccessibleDescription('The link sent to mary@studio.example will stop working. You can invite them again later.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await invitationRows()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Invitations' })).toHaveFocus();
    expect(server.calls()).toContain(revoke);
  });
});

describe('/organisation leave', () => {
  it("shows the last owner the server's refusal, keeping the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      ...organisationListReplies,
      'POST /core/orgs/leave': { status: 409, body: { code: 'LAST_OWNER', message: 'An organisation needs at least one owner.' } },
    });
    const { router } = renderAsOwner();
    await userEvent.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Pixel Forge?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An organisation needs at least one owner.');
    expect(router.state.location.pathname).toBe('/organisation');
  });

  it('leaves, reloads the organisation and goes home', async () => {
    server.routes({
      ...organisationListReplies,
      'POST /core/orgs/leave': { status: 204 },
      'GET /core/orgs/info': { status: 404, body: { code: 'ORGANISATION_NOT_FOUND', message: 'You do not belong to an organisation yet.' } },
    });
    const { router } = renderAsOwner();
    await userEvent.click(screen.getByRole('button', { name: 'Leave organisation' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls().slice(-2)).toEqual(['POST /core/orgs/leave', 'GET /core/orgs/info']);
    expect(await screen.findByText('You left Pixel Forge')).toBeInTheDocument();
  });
});
