import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '@questboard/shared/organisations';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { paths } from '../../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { ada, grace, linus, organisationListReplies } from '../../../testing/organisation-fixtures';
import { testOrganisation } from '../../../testing/test-auth-provider';
import { Component as OrganisationRoute } from './organisation';

const listReplies = organisationListReplies;

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer(listReplies);
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const renderAs = (role: Member['role'], overrides: Partial<typeof testOrganisation> = {}) =>
  renderPage(OrganisationRoute, {
    path: '/organisation',
    pattern: paths.organisation.path,
    auth: { organisation: { ...testOrganisation, role, ...overrides } },
  });
const members = async () => within(await screen.findByRole('list', { name: 'Members' })).getAllByRole('listitem');

describe('/organisation', () => {
  it('shows the organisation, its state and your role', async () => {
    renderAs('owner');
    expect(screen.getByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pixel Forge' })).toBeInTheDocument();
    expect(screen.getByText('Your role: Owner')).toBeInTheDocument();
    expect(screen.getByText('Organisation is active')).toBeInTheDocument();
    expect(await members()).toHaveLength(3);
  });

  it('shows only the inactive message for an inactive organisation, calling nothing', async () => {
    renderAs('owner', { isActive: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Your organisation is inactive. Please contact support.');
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('lets a member see members and roles, read-only, without invitations', async () => {
    renderAs('member');
    const rows = await members();
    expect(rows.map((row) => row.textContent)).toEqual([
      'ALAda LovelaceYouada@studio.exampleOwner',
      'GHGrace Hoppergrace@studio.exampleAdmin',
      'LPLinus Paulinglinus@studio.exampleMember',
    ]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/u })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(server.calls()).toEqual(['GET /core/orgs/members']);
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
  });

  it('lets an admin manage admins and members but not owners, offering roles up to admin', async () => {
    const owner = { ...grace, role: 'owner' as const };
    const otherAdmin = { ...linus, userId: '0f0e0d0c-0b0a-4909-8807-060504030201', name: 'Joan Clarke', email: 'joan@studio.example', role: 'admin' as const };
    server.routes({ ...listReplies, 'GET /core/orgs/members': { body: [owner, { ...ada, role: 'admin' }, otherAdmin, linus] } });
    renderAs('admin');
    await members();
    expect(screen.queryByRole('combobox', { name: 'Role of Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' })).not.toBeInTheDocument();
    const linusRole = screen.getByRole('combobox', { name: 'Role of Linus Pauling' });
    expect(within(linusRole).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Member']);
    expect(screen.getByRole('combobox', { name: 'Role of Joan Clarke' })).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Remove Joan Clarke' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Role' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Admin',
      'Member',
    ]);
  });

  it("changes a member's role and reloads the list", async () => {
    server.routes({ ...listReplies, [`PUT /core/orgs/members/${linus.userId}`]: { body: { ...linus, role: 'admin' } } });
    renderAs('owner');
    await members();
    const linusRole = screen.getByRole('combobox', { name: 'Role of Linus Pauling' });
    expect(within(linusRole).getAllByRole('option').map((option) => option.textContent)).toEqual(['Owner', 'Admin', 'Member']);
    await userEvent.selectOptions(linusRole, 'admin');
    expect(await screen.findByText('Linus Pauling is now an Admin')).toBeInTheDocument();
    expect(server.bodyOf(`PUT /core/orgs/members/${linus.userId}`)).toEqual({ role: 'admin' });
    expect(server.calls().filter((call) => call === 'GET /core/orgs/members')).toHaveLength(2);
  });

  it('removes a member after confirming, then focuses the list heading', async () => {
    renderAs('owner');
    await members();
    server.routes({
      ...listReplies,
      [`DELETE /core/orgs/members/${grace.userId}`]: { status: 204 },
      'GET /core/orgs/members': { body: [ada, linus] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Grace Hopper?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await members()).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus();
    expect(server.calls()).toContain(`DELETE /core/orgs/members/${grace.userId}`);
    expect(await screen.findByText('Grace Hopper was removed from Pixel Forge')).toBeInTheDocument();
  });
});
