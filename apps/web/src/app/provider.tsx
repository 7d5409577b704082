import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { ThemeProvider } from '../features/theme/theme-provider';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client owns retries (SPEC.md section 9: GET-only, jittered back-off); a second
      // retry layer here would multiply them.
      queries: { retry: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs around the router. Tests wrap pages in it too. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
