import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AuthGate } from '../../features/auth/components/auth-gate';
import { AppProvider } from '../provider';
import { routes } from '../router';
import { AppShell } from './app-shell';

function findRoute(list: RouteObject[], matches: (route: RouteObject) => boolean): RouteObject | undefined {
  for (const route of list) {
    if (matches(route)) return route;
    const inChildren = route.children && findRoute(route.children, matches);
    if (inChildren) return inChildren;
  }
  return undefined;
}

const signInGuard = findRoute(routes, (route) => route.Component === AuthGate)!;

/** The signed-in part of the real route table, rendered without the guard (no session needed). */
function renderSignedIn(path: string) {
  const router = createMemoryRouter(signInGuard.children!, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('AppShell', () => {
  it('frames every page behind the sign-in guard', () => {
    expect(signInGuard.children).toEqual([expect.objectContaining({ Component: AppShell })]);
  });

  it.each([
    ['/', 'Projects'],
    ['/organisation', 'Organisation'],
    ['/project/p1/events', 'Events'],
  ])('frames %s with the top bar: product link and theme switch', async (path, title) => {
    renderSignedIn(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Questboard' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('keeps the project navigation inside the frame', async () => {
    renderSignedIn('/project/p1/overview');
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('is usable by keyboard: skip link, product link, then the theme switch', async () => {
    renderSignedIn('/organisation');
    await screen.findByRole('heading', { level: 1, name: 'Organisation' });

    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Questboard' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
  });
});
