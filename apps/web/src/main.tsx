// The entry chunk: restores the session and sends a returning visitor's first calls, then loads the
// app (app/start.tsx). Kept small, free of React, the router and zod (ADR 024, amendment 5).
// First: starts restoring the session (issue 20).
import { authClient, connectApiClient, takeHeadSessionToken } from './lib/session/auth-instance';
import './styles/index.css';

import { FIRST_RENDER_WAIT_MS, firstRenderAfter, overviewToPrefetch, sendFirstCallsAhead } from './app/first-calls';
import { documentRoot, showLoadFailure } from './app/load-failure';
import { apiClient } from './lib/api-client';
import { lazyRoute } from './lib/lazy-route';

// Issue 20: a returning visitor's first page asks for its figures before the app is evaluated; the
// calls take the restored session's token (AuthProvider plugs the same client in again).
connectApiClient(authClient);
// The overview's calls leave with the head's token as soon as it is back (ADR 024, amendment 4).
const headToken = takeHeadSessionToken();
sendFirstCallsAhead(apiClient, window.location, document.cookie, headToken);
const prefetching = overviewToPrefetch(window.location.pathname, document.cookie) !== null;

// Until they have left (150 ms at most), the main thread is kept free: the app's modules, preloaded
// meanwhile (index.html), are evaluated after, or the token's answer would wait for them.
const started = performance.now();
// This script runs as soon as it is loaded (async, vite-plugins/preload-chunk.ts), maybe before
// the document's body is parsed: the app waits for the body's #root too.
void Promise.all([firstRenderAfter(prefetching, headToken).then(lazyRoute(() => import('./app/start'))), documentRoot()]).then(
  ([{ startApp }, container]) => startApp(container, prefetching, Math.max(0, FIRST_RENDER_WAIT_MS - (performance.now() - started))),
  (error: unknown) => void documentRoot().then((container) => showLoadFailure(container, error)),
);
