// First: starts restoring the session before React and the route table load (issue 20).
import { authClient, connectApiClient } from './lib/session/auth-instance';
import './styles/index.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { prefetchFirstPage } from './app/first-page-prefetch';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Issue 20: a returning visitor's first page asks for its figures before React renders anything;
// the calls take the restored session's token (AuthProvider plugs the same client in again).
const queryClient = createQueryClient();
connectApiClient(authClient);
void prefetchFirstPage(queryClient, window.location);

// A transition: React renders in slices and yields between them, so the session's answer and the
// calls waiting for it are not held behind one long first render.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
