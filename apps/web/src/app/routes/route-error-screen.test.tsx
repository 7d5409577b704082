import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';

import { AppProvider } from '../provider';
import { CHUNK_RELOAD_STORAGE_KEY } from '../../lib/chunk-load';
import { createLazyRoute } from '../../lib/lazy-route';
import { browserPage } from '../../lib/reload-page';
import { AppShell } from './app-shell';
import { PageErrorScreen, RouteErrorScreen } from './route-error-screen';

function renderRoutes(children: RouteObject[]) {
  const router = createMemoryRouter([{ path: '/', ErrorBoundary: RouteErrorScreen, children }]);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const errorHeading = () => screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
const Page = () => <h1>Reports</h1>;
let reload: MockInstance<() => void>;

beforeEach(() => {
  // React Router and React report caught errors on console.error; here they are expected.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  sessionStorage.clear();
});

describe('route error screen', () => {
  it('shows the error screen when a loader throws, and Try Again runs the route again', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('Database down')).mockResolvedValue(null);
    renderRoutes([{ index: true, loader, Component: Page }]);

    expect(await errorHeading()).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We encountered an unexpected error.');

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the error screen when a page throws while rendering, and Try Again renders it again', async () => {
    let failing = true;
    const Flaky = () => {
      if (failing) throw new TypeError("Cannot read properties of undefined (reading 'name')");
      return <Page />;
    };
    renderRoutes([{ index: true, Component: Flaky }]);

    expect(await errorHeading()).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
  });

  it('shows the error screen when a page chunk fails again after the reload; Try Again reloads', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(Date.now() - 3_000));
    const lazyRoute = createLazyRoute({ reload: () => browserPage.reload() });
    const failedChunk = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reports-abc.js'));
    renderRoutes([{ index: true, lazy: lazyRoute(failedChunk) }]);

    expect(await errorHeading()).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads the page with Reload Page', async () => {
    renderRoutes([{ index: true, loader: () => Promise.reject(new Error('x')), Component: Page }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the signed-in top bar when a page inside it fails', async () => {
    renderRoutes([
      {
        Component: AppShell,
        children: [
          { ErrorBoundary: PageErrorScreen, children: [{ index: true, loader: () => Promise.reject(new Error('x')) }] },
        ],
      },
    ]);

    expect(await errorHeading()).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
  });
});
