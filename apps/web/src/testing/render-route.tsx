import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider, createQueryClient } from '../app/provider';
import { routes } from '../app/router';
import type { AccountApi } from '../features/auth/api/account-calls';
import type { AuthClient } from '../features/auth/auth-client';
import { createMemoryAccountApi } from './memory-account-api';
import { createMemoryAuthClient } from './memory-auth-client';

/** Renders the real route table at `path`, inside the real providers (signed out unless given a client). */
export function renderRoute(
  path: string,
  authClient: AuthClient = createMemoryAuthClient(),
  accountApi: AccountApi = createMemoryAccountApi(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={createQueryClient()} authClient={authClient} accountApi={accountApi}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}
