// First: starts restoring the session before React and the route table load (issue 20).
import { authClient, connectApiClient } from './lib/session/auth-instance';
import './styles/index.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { firstRenderAfter, overviewToPrefetch, prefetchFirstPage } from './app/first-page-prefetch';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Issue 20: a returning visitor's first page asks for its figures before React renders anything;
// the calls take the restored session's token (AuthProvider plugs the same client in again).
const queryClient = createQueryClient();
connectApiClient(authClient);
const prefetching = overviewToPrefetch(window.location.pathname, document.cookie) !== null;
const prefetched = prefetchFirstPage(queryClient, window.location);
// Joins the refresh auth-instance.ts started; only asked when there is a session to restore.
const callsLeft = prefetching ? Promise.all([prefetched, authClient.getIdToken()]) : prefetched;

// React's first render waits until those calls have left (150 ms at most), then renders as a
// transition: in slices, yielding between them.
const root = createRoot(container);
void firstRenderAfter(prefetching, callsLeft).then(() => {
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
