// Issue 20: a returning visitor's overview asks for its figures as the app starts. The project comes
// from the 24-hour cache (features/projects/api/project-cache.ts) instead of a lookup, and the calls
// wait only for the session being restored (lib/session/auth-instance.ts), not for React, the
// route's chunks, the auth gate or the page's first render: main.tsx starts them before it renders.
// Everything else loads as before.
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { matchPath } from 'react-router';

import { paths, projectPages } from '../config/paths';
import { overviewFirstCalls } from '../features/analytics/view/overview-calls';
import { cachedProjectId } from '../features/projects/api/cached-project-id';
import type { ApiClient } from '../lib/api-client';
import { loadCachedAccount, loadCachedOrganisation } from '../lib/session/account-cache';
import { hasSessionHint } from '../lib/session/auth-client';

/** The project whose overview `pathname` is, if a returning visitor's session and caches are there; else null. */
export function overviewToPrefetch(pathname: string, cookie: string): { organisationId: string; projectSlug: string } | null {
  const match = matchPath(`${paths.project.path}/${projectPages.overview.path}`, pathname);
  const projectSlug = match?.params.projectSlug;
  if (!projectSlug || !hasSessionHint(cookie) || loadCachedAccount() === null) return null;
  const organisation = loadCachedOrganisation();
  return organisation ? { organisationId: organisation.id, projectSlug } : null;
}

/** How long the first render may wait for the first page's calls to leave (ADR 024). */
export const FIRST_RENDER_WAIT_MS = 150;

/**
 * When to render first: at once, unless this load prefetches its page; then once `callsLeft`
 * settles (the prefetch's modules loaded and the session restored, so the calls are on their way),
 * or after FIRST_RENDER_WAIT_MS at the latest. React's first render is one long task on the main
 * thread: started first, it held back the session's answer and the calls behind it (ADR 024).
 */
export function firstRenderAfter(prefetching: boolean, callsLeft: Promise<unknown>, waitMs = FIRST_RENDER_WAIT_MS): Promise<void> {
  if (!prefetching) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    callsLeft.then(done, done);
  });
}

/**
 * Sends the overview's first calls (features/analytics/view/overview-calls.ts) the moment the page's
 * head has the restored session's ID token, with that token (ADR 024, amendment 4): before the
 * schemas load, before the auth client has checked the session's answer, before React. The page's
 * queries, prefetched right after (prefetchFirstPage), take the answers over through the HTTP
 * client, which knows the calls from now on. Nothing is sent without a session, a cached account,
 * organisation and project, or a token. Everything here is free of zod, which is not in the entry
 * chunk (ADR 017).
 */
export function sendFirstCallsAhead(
  client: Pick<ApiClient, 'sendAhead'>,
  location: { pathname: string; search: string },
  cookie: string,
  headToken: Promise<string | null>,
  today?: string,
): void {
  const target = overviewToPrefetch(location.pathname, cookie);
  const projectId = target && cachedProjectId(target.organisationId, target.projectSlug);
  if (!projectId) return;
  for (const { page, params } of overviewFirstCalls(location.search, today)) {
    client.sendAhead(apiPaths.analytics[page].url({ id: projectId }), params, headToken);
  }
}

export function prefetchFirstPage(queryClient: QueryClient, location: { pathname: string; search: string }, cookie = document.cookie): Promise<void> {
  const target = overviewToPrefetch(location.pathname, cookie);
  if (!target) return Promise.resolve();
  return Promise.all([import('../features/projects/api/project-cache'), import('../features/analytics/api/prefetch-overview')])
    .then(([projects, analytics]) => {
      const cached = projects.readCachedProject(target.organisationId, target.projectSlug);
      if (cached) analytics.prefetchOverview(queryClient, cached.project.id, location.search);
    })
    .catch(() => undefined);
}
