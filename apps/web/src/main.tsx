// First: starts restoring the session before React and the route table load (issue 20).
import { authClient, connectApiClient, takeHeadSessionToken } from './lib/session/auth-instance';
import './styles/index.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { firstRenderAfter, overviewToPrefetch, prefetchFirstPage, sendFirstCallsAhead } from './app/first-page-prefetch';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { apiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Issue 20: a returning visitor's first page asks for its figures before React renders anything;
// the calls take the restored session's token (AuthProvider plugs the same client in again).
const queryClient = createQueryClient();
connectApiClient(authClient);
// The overview's calls leave with the head's token as soon as it is back (ADR 024, amendment 4).
// Until then the main thread is kept free: the prefetch, which makes the page's queries (they take
// the answers over), loads and evaluates its modules after, or the token's answer would wait for them.
const headToken = takeHeadSessionToken();
sendFirstCallsAhead(apiClient, window.location, document.cookie, headToken);
const prefetching = overviewToPrefetch(window.location.pathname, document.cookie) !== null;
const prefetched = headToken.then(() => prefetchFirstPage(queryClient, window.location));
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
