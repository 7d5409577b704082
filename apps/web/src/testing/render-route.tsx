import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../app/router';
import type { AccountApi } from '../lib/session/account-calls';
import type { AuthClient } from '../lib/session/auth-client';
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
