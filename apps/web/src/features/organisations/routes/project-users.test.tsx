import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '@questboard/shared/organisations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { ada, grace, linus, organisationListReplies, pendingInvitation } from '../../../testing/organisation-fixtures';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { testOrganisation } from '../../../testing/test-auth-provider';
import { Component as ProjectUsersRoute } from './project-users';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer(organisationListReplies);
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const renderAs = (role: Member['role'], overrides: Partial<typeof testOrganisation> = {}) =>
  renderPage(ProjectUsersRoute, {
    path: '/project/dragon-quest-mobile/users',
    pattern: '/project/:projectSlug/users',
    auth: { organisation: { ...testOrganisation, role, ...overrides } },
  });
const memberRows = async () => within(await screen.findByRole('list', { name: 'Members' })).getAllByRole('listitem');
const rowOf = async (name: string) => (await memberRows()).find((row) => row.textContent.includes(name))!;

describe('/project/{identifier}/users', () => {
  it('says the whole organisation can open the project and lists its members with their roles', async () => {
    renderAs('owner');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Everyone in Pixel Forge can open this project.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'organisation page' })).toHaveAttribute('href', '/organisation');
    const rows = await memberRows();
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Owner')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Only another owner can change your role.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('admin');
    expect(screen.getByRole('combobox', { name: 'Role of Linus Pauling' })).toHaveValue('member');
    expect(screen.getByRole('form', { name: 'Invite a teammate' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Pending invitations' })).toBeInTheDocument();
  });

  it('shows a member the list read-only, says who can invite, and asks for no invitations', async () => {
    renderAs('member');
    const rows = await memberRows();
    expect(rows.map((row) => within(row).getAllByText(/^(Owner|Admin|Member)$/u)[0]!.textContent)).toEqual(['Owner', 'Admin', 'Member']);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/u })).not.toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins can change roles or remove members\./u)).toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins can invite people to Pixel Forge\./u)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a teammate' })).not.toBeInTheDocument();
    expect(server.calls()).toEqual(['GET /core/orgs/members']);
  });

  it('gives an admin no controls on an owner or on themselves, each with the reason', async () => {
    const asAdmin = { ...ada, role: 'admin' as const };
    const owner = { ...grace, role: 'owner' as const };
    server.routes({ ...organisationListReplies, 'GET /core/orgs/members': { body: [owner, asAdmin, linus] } });
    renderAs('admin');
    const graceRow = await rowOf('Grace Hopper');
    expect(within(graceRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(graceRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(graceRow).getByText('Only an owner can change or remove an owner.')).toBeInTheDocument();
    expect(within(await rowOf('Ada Lovelace')).getByText('Only an owner or another admin can change your role.')).toBeInTheDocument();
    const linusRole = screen.getByRole('combobox', { name: 'Role of Linus Pauling' });
    expect(within(linusRole).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Member']);
    expect(screen.getByRole('button', { name: 'Remove Linus Pauling' })).toBeInTheDocument();
    const inviteRoles = within(screen.getByRole('form', { name: 'Invite a teammate' })).getByRole('combobox', { name: 'Role' });
    expect(within(inviteRoles).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Member']);
  });

  it("changes a member's role, and shows the server's refusal when it says no", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ ...organisationListReplies, [`PUT /core/orgs/members/${linus.userId}`]: { body: { ...linus, role: 'admin' } } });
    renderAs('owner');
    await memberRows();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Linus Pauling' }), 'admin');
    expect(await screen.findByText('Linus Pauling is now an Admin')).toBeInTheDocument();
    expect(server.bodyOf(`PUT /core/orgs/members/${linus.userId}`)).toEqual({ role: 'admin' });

    const message = 'You cannot change a role above your own.';
    server.routes({
      ...organisationListReplies,
      [`PUT /core/orgs/members/${grace.userId}`]: { status: 403, body: { code: 'ROLE_TOO_HIGH', message } },
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Grace Hopper' }), 'owner');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('removes a member after confirming', async () => {
    renderAs('owner');
    await memberRows();
    server.routes({
      ...organisationListReplies,
      [`DELETE /core/orgs/members/${linus.userId}`]: { status: 204 },
      'GET /core/orgs/members': { body: [ada, grace] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linus Pauling' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Linus Pauling?' });
    expect(dialog).toHaveAccessibleDescription(
      'linus@studio.example will lose access to Pixel Forge and its projects. Only a new invitation can bring them back.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await memberRows()).toHaveLength(2);
    expect(await screen.findByText('Linus Pauling was removed from Pixel Forge')).toBeInTheDocument();
  });

  it('invites from here with the same call, and resends a pending invitation', async () => {
    const resend = `POST /core/orgs/invitations/${pendingInvitation.id}/resend`;
    server.routes({
      ...organisationListReplies,
      'POST /core/orgs/invitations': { status: 201, body: { ...pendingInvitation, email: 'joan@studio.example' } },
      [resend]: { body: pendingInvitation },
    });
    renderAs('owner');
    const form = screen.getByRole('form', { name: 'Invite a teammate' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email address' }), 'joan@studio.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to joan@studio.example')).toBeInTheDocument();
    expect(server.bodyOf('POST /core/orgs/invitations')).toEqual({ email: 'joan@studio.example', role: 'member' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to mary@studio.example' }));
    expect(await screen.findByText('Invitation sent again to mary@studio.example')).toBeInTheDocument();
    expect(server.calls()).toContain(resend);
    expect(screen.getByRole('button', { name: 'Revoke the invitation to mary@studio.example' })).toBeInTheDocument();
  });

  it('shows only the inactive message for an inactive organisation, calling nothing', async () => {
    renderAs('owner', { isActive: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Your organisation is inactive. Please contact support.');
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});
