import { screen, waitFor } from '@testing-library/react';
import type { Invitation } from '@questboard/shared/invitations';
import { describe, expect, it, onTestFinished } from 'vitest';

import { startAppApiServer } from '../testing/app-api-server';
import { renderRoute } from '../testing/render-route';

const accessInvitation: Invitation = {
  id: '3f1e2d3c-4b5a-4987-8f6e-5d4c3b2a1f0e',
  organisationName: 'Pixel Forge',
  inviterName: 'Grace Hopper',
  role: 'member',
  email: 'ada@studio.example',
  status: 'PENDING',
  expiresAt: '2026-03-11T10:00:00.000Z',
};

const loginHeading = () => screen.findByRole('heading', { level: 1, name: 'Sign in to Questboard' });

describe('routes', () => {
  it('renders the sign-in page at /login', async () => {
    const { router } = renderRoute('/login');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unknown path to /, and a signed-out visitor on to /login', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/', search: '', hash: '' } });
  });

  it.each([
    '/',
    '/organisation',
    '/auth-validation',
    '/create-org?mode=manual',
    '/complete-profile',
    '/project/p1',
    '/project/p1/revenue-optimisation',
    '/project/p1/users',
  ])('guards %s, remembering it as the origin', async (path) => {
    const { router } = renderRoute(path);
    expect(await loginHeading()).toBeInTheDocument();
    const [pathname = '', query = ''] = path.split('?');
    expect(router.state.location.state).toEqual({ from: { pathname, search: query && `?${query}`, hash: '' } });
  });

  it('renders the e-mail link callback page, which refuses an address that is not a sign-in link', async () => {
    renderRoute('/auth/callback?mode=signIn&oobCode=x');
    expect(await screen.findByRole('heading', { name: 'Sign-in Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid sign-in link. Please request a new one.');
  });

  it.each(['/access/abc123', '/access?id=inv-1'])('renders the invitation page at %s', async (path) => {
    // The code is looked up (public call) before the page shows the invitation.
    const server = await startAppApiServer({ 'GET /core/invitations/by-code/abc123': { body: accessInvitation } });
    onTestFinished(() => server.close());
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: "You've been invited" })).toBeInTheDocument();
    screen.getByRole('link', { name: 'Sign in to continue' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: path.split('?')[0] } });
  });

  it('says so when an invitation link has no code', async () => {
    renderRoute('/access');
    expect(await screen.findByRole('heading', { name: 'Invitation link incomplete' })).toBeInTheDocument();
  });
});
