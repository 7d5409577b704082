import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../testing/render-route';
import routerSource from './router.tsx?raw';

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

describe('route modules', () => {
  it('loads every lazy route module through lazyRoute (time-out and reload after a deploy)', () => {
    const imports = routerSource.match(/import\(/g) ?? [];
    const wrapped = routerSource.match(/lazy: lazyRoute\(\(\) => import\(/g) ?? [];
    expect(imports.length).toBeGreaterThan(5);
    expect(wrapped).toHaveLength(imports.length);
  });
});
