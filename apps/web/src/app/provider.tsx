import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import type { AccountApi } from '../features/auth/api/account-calls';
import type { AuthClient } from '../features/auth/auth-client';
import { AuthProvider } from '../features/auth/auth-provider';
import { ThemeProvider } from '../features/theme/theme-provider';
import { ThemedToaster } from './themed-toaster';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client owns retries (docs/product/rules-and-messages.md#constants: GET-only, jittered back-off); a second
      // retry layer here would multiply them.
      queries: { retry: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs around the router. Tests wrap pages in it too. */
export function AppProvider({
  children,
  queryClient,
  authClient,
  accountApi,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  authClient?: AuthClient;
  accountApi?: AccountApi;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AuthProvider client={authClient} accountApi={accountApi}>
          {children}
        </AuthProvider>
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
