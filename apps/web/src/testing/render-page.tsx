import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';

import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { type TestAuthOptions, TestAuthProvider } from './test-auth-provider';

function ElsewherePage() {
  const location = useLocation();
  return <p>Elsewhere: {location.pathname}</p>;
}

/**
 * Renders one route module's page at `path` (matched by `pattern`), with the auth context of
 * test-auth-provider.tsx, a fresh query cache and the toast outlet. Any other path renders a
 * stand-in, so a test reads where the page navigated from `router.state.location`.
 */
export function renderPage(Page: ComponentType, { path, pattern, auth }: { path: string; pattern: string; auth?: TestAuthOptions }) {
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Page },
      { path: '*', Component: ElsewherePage },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <TestAuthProvider options={auth}>
        <RouterProvider router={router} />
        <Toaster colorScheme="light" />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** sonner keeps its toasts in a module-level store: start each test from an empty one. */
export function dismissToasts(): void {
  act(() => void toast.dismiss());
}
