// The app itself: React, the router and every page, loaded by main.tsx once a returning visitor's
// first calls have left (ADR 024, amendment 5). Its modules' evaluation is one long task on the main
// thread; run from the entry chunk, it held back the session's answer and the calls behind it.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { authClient } from '../lib/session/auth-instance';
import { createQueryClient } from '../lib/query-client';
import { firstRenderAfter } from './first-calls';
import { prefetchFirstPage } from './first-page-prefetch';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * Renders the app into `container`. `prefetching`: this load sent its page's calls ahead, so the
 * page's queries are made first (they take the answers over) and React's first render, a long task
 * too, waits until they are under way or `waitMs` has passed.
 */
export function startApp(container: HTMLElement, prefetching: boolean, waitMs: number): void {
  const queryClient = createQueryClient();
  const prefetched = prefetchFirstPage(queryClient, window.location);
  // Joins the refresh auth-instance.ts started; only asked when there is a session to restore.
  const callsLeft = prefetching ? Promise.all([prefetched, authClient.getIdToken()]) : prefetched;
  const root = createRoot(container);
  void firstRenderAfter(prefetching, callsLeft, waitMs).then(() => {
    // Rendered as a transition: in slices, yielding between them.
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProvider queryClient={queryClient}>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      );
    });
  });
}
