import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { INVITATION_REDIRECT_KEY, readPendingInvitation, writePendingInvitation } from '../../../lib/session/pending-invitation';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { type TestAuthOptions, testOrganisation } from '../../../testing/test-auth-provider';
import { Component as AccessRoute } from './access';
import { receivedInvitation } from '../../../testing/organisation-fixtures';

const invitation = receivedInvitation;
const byCode = 'GET /core/invitations/by-code/c0de';
const byId = `GET /core/invitations/${invitation.id}`;
const answer = (path: string) => `POST /core/invitations/${invitation.id}/${path}`;
/** Signed in without an organisation: the invitation can be answered. */
const newcomer: TestAuthOptions = { organisation: null };

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer({ [byCode]: { body: invitation }, [byId]: { body: invitation } });
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

const renderAccess = (path: string, auth?: TestAuthOptions) => renderPage(AccessRoute, { path, pattern: paths.access.path, auth });
const quietLogs = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('/access signed out', () => {
  it('shows who invites whom to what by the public code, and signs in returning here', async () => {
    const { router } = renderAccess('/access/c0de', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: "You've been invited" })).toBeInTheDocument();
    expect(screen.getByText(/invited you to join/u)).toHaveTextContent('Grace Hopper invited you to join Pixel Forge.');
    expect(screen.getAllByRole('term').map((item) => item.textContent)).toEqual(['Role', 'Sent to', 'Expires']);
    const details = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(details).toEqual(['AdminManages members and invitations', 'ada@studio.example', 'Mar 11, 2026']);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();

    await userEvent.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The invited address goes along, so /login starts with it filled in (issue 21).
    expect(router.state.location.state).toEqual({ from: { pathname: '/access/c0de', search: '', hash: '' }, email: 'ada@studio.example' });
    expect(localStorage.getItem(INVITATION_REDIRECT_KEY)).toBe('/access/c0de');
    // Remembered before signing in, so any way of signing in comes back to it (docs/product/rules-and-messages.md#routing-rules).
    expect(readPendingInvitation()).toEqual({ id: invitation.id, status: 'PENDING' });
  });

  it('asks to sign in first when opened by id, without calling the server', async () => {
    renderAccess(`/access?id=${invitation.id}`, { user: null });
    expect(await screen.findByRole('heading', { name: "You've been invited" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    expect(localStorage.getItem(INVITATION_REDIRECT_KEY)).toBe(`/access?id=${invitation.id}`);
    expect(server.requests).toHaveLength(0);
  });

  it("says so, with the server's message, when the code is unknown", async () => {
    const logs = quietLogs();
    server.routes({ [byCode]: { status: 404, body: { code: 'INVITATION_NOT_FOUND', message: 'This invitation does not exist or is no longer available.' } } });
    renderAccess('/access/c0de', { user: null });
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.getByText('This invitation does not exist or is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Questboard' })).toHaveAttribute('href', '/');
    expect(logs).toHaveBeenCalledWith('Invitation lookup failed', expect.anything());
  });

  it('says an incomplete link is incomplete', async () => {
    renderAccess('/access', { user: null });
    expect(await screen.findByRole('heading', { name: 'Invitation link incomplete' })).toBeInTheDocument();
  });
});

describe('/access signed in', () => {
  it('remembers the pending invitation, accepts it, reloads the organisation and goes home', async () => {
    server.routes({
      [byCode]: { body: invitation },
      [answer('accept')]: { body: { ...invitation, status: 'ACCEPTED' } },
      'GET /core/orgs/info': { body: { ...testOrganisation, role: 'admin' } },
    });
    // The way back here stored before signing in is used up by answering.
    localStorage.setItem(INVITATION_REDIRECT_KEY, '/access/c0de');
    const { router } = renderAccess('/access/c0de', newcomer);
    await screen.findByRole('button', { name: 'Accept' });
    expect(readPendingInvitation()).toEqual({ id: invitation.id, status: 'PENDING' });

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls()).toEqual([byCode, answer('accept'), 'GET /core/orgs/info']);
    expect(server.requests[1]!.headers.authorization).toBe('Bearer test-token');
    expect(await screen.findByText('You joined Pixel Forge')).toBeInTheDocument();
    expect(readPendingInvitation()).toEqual({ id: invitation.id, status: 'ACCEPTED' });
    expect(localStorage.getItem(INVITATION_REDIRECT_KEY)).toBeNull();
  });

  it('looks the invitation up by id with the token, and declines it after confirming', async () => {
    server.routes({ [byId]: { body: invitation }, [answer('decline')]: { body: { ...invitation, status: 'DECLINED' } } });
    const { router } = renderAccess(`/access?id=${invitation.id}`, newcomer);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this invitation?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls()).toEqual([byId]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer test-token');

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls()).toEqual([byId, answer('decline')]);
    expect(readPendingInvitation()).toEqual({ id: invitation.id, status: 'DECLINED' });
  });

  it('creates an own organisation instead, going to /create-org', async () => {
    server.routes({ [byCode]: { body: invitation }, [answer('create-own')]: { body: { ...invitation, status: 'CREATE_OWN' } } });
    const { router } = renderAccess('/access/c0de', newcomer);
    await userEvent.click(await screen.findByRole('button', { name: 'Create my own organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-org'));
    expect(server.calls()).toEqual([byCode, answer('create-own')]);
    expect(readPendingInvitation()).toEqual({ id: invitation.id, status: 'CREATE_OWN' });
  });

  it("switches to the server's message when an answer finds the invitation closed, and forgets it", async () => {
    quietLogs();
    const message = 'This invitation has expired. Ask for a new one.';
    server.routes({ [byCode]: { body: invitation }, [answer('accept')]: { status: 410, body: { code: 'INVITATION_EXPIRED', message } } });
    renderAccess('/access/c0de', newcomer);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Invitation expired' })).toHaveFocus();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(readPendingInvitation()).toBeNull());
  });

  it('keeps the choice open after any other refusal, saying why', async () => {
    quietLogs();
    const message = 'Your organisation is inactive. Please contact support.';
    server.routes({ [byCode]: { body: invitation }, [answer('accept')]: { status: 403, body: { code: 'ORGANISATION_INACTIVE', message } } });
    renderAccess('/access/c0de', newcomer);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('says an answered invitation is answered, and forgets it when it was the pending one', async () => {
    writePendingInvitation({ id: invitation.id, status: 'PENDING' });
    server.routes({ [byId]: { body: { ...invitation, status: 'REVOKED' } } });
    renderAccess(`/access?id=${invitation.id}`, newcomer);
    expect(await screen.findByRole('heading', { name: 'Invitation withdrawn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await waitFor(() => expect(readPendingInvitation()).toBeNull());
  });

  it('tells a person signed in as another address, and lets them sign out', async () => {
    writePendingInvitation({ id: invitation.id, status: 'PENDING' });
    renderAccess('/access/c0de', { ...newcomer, user: { uid: 'u2', email: 'grace@studio.example', displayName: null, photoURL: null, emailVerified: true } });
    expect(await screen.findByRole('heading', { name: 'Signed in with a different address' })).toBeInTheDocument();
    expect(screen.getByText(/This invitation was sent to/u)).toHaveTextContent(
      'This invitation was sent to ada@studio.example; you are signed in as grace@studio.example.',
    );
    await waitFor(() => expect(readPendingInvitation()).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('asks a member of another organisation to leave it first, offering only Decline', async () => {
    renderAccess('/access/c0de', { organisation: { ...testOrganisation, name: 'Moon Studio' } });
    expect(await screen.findByText(/You already belong to/u)).toHaveTextContent(
      'You already belong to Moon Studio. To join Pixel Forge, leave Moon Studio first, then open this invitation again.',
    );
    expect(screen.getByRole('link', { name: 'Go to Moon Studio' })).toHaveAttribute('href', '/organisation');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(readPendingInvitation()).toBeNull();
  });
});
