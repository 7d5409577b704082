import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import type { AccountApi } from '../lib/session/account-calls';
import type { AuthClient } from '../lib/session/auth-client';
import { AuthProvider } from '../lib/session/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../features/theme/theme-provider';
import { ThemedToaster } from './themed-toaster';

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
