import { QueryClient } from '@tanstack/react-query';

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
