// Issue 20: a returning visitor's overview asks for its figures as the app starts. The project comes
// from the 24-hour cache (features/projects/api/project-cache.ts) instead of a lookup, and the calls
// wait only for the session being restored (lib/session/auth-instance.ts), not for React, the
// route's chunks, the auth gate or the page's first render: main.tsx starts them before it renders.
// Everything else loads as before.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';

import { paths, projectPages } from '../config/paths';
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
