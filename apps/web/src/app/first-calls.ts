// Issue 20: a returning visitor's overview asks for its figures as the app starts. The project comes
// from the 24-hour cache (features/projects/api/project-cache.ts) instead of a lookup, and the calls
// wait only for the session being restored (lib/session/auth-instance.ts), not for React, the
// route's chunks, the auth gate or the page's first render: main.tsx sends them, then loads the rest
// of the app (app/start.tsx). Everything here is in the entry chunk, which must stay small: no React,
// no router, no zod (ADR 024, amendment 5).
import { apiPaths } from '@questboard/shared/api-paths';

import { paths, projectPages } from '../config/paths';
import { overviewFirstCalls } from '../features/analytics/view/overview-calls';
import { cachedProjectId } from '../features/projects/api/cached-project-id';
import type { ApiClient } from '../lib/api-client';
import { loadCachedAccount, loadCachedOrganisation } from '../lib/session/account-cache';
import { hasSessionHint } from '../lib/session/auth-client';

/**
 * The parameters of `pathname` when it matches `pattern` (`/project/:projectSlug/overview`), else
 * null: what react-router's matchPath answers for such a pattern (static segments compared without
 * case, one trailing slash allowed, parameters decoded), without loading the router.
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const segments = (path: string) => path.replace(/\/$/u, '').split('/');
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (pathname === '' || wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        params[segment.slice(1)] = value;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The project whose overview `pathname` is, if a returning visitor's session and caches are there; else null. */
export function overviewToPrefetch(pathname: string, cookie: string): { organisationId: string; projectSlug: string } | null {
  const projectSlug = matchRoute(`${paths.project.path}/${projectPages.overview.path}`, pathname)?.projectSlug;
  if (!projectSlug || !hasSessionHint(cookie) || loadCachedAccount() === null) return null;
  const organisation = loadCachedOrganisation();
  return organisation ? { organisationId: organisation.id, projectSlug } : null;
}

/** How long the app's start may wait for the first page's calls to leave (ADR 024), from the app's start. */
export const FIRST_RENDER_WAIT_MS = 150;

/**
 * When to go on: at once, unless this load sends its page's calls ahead; then once `callsLeft`
 * settles (they are on their way, or will not be sent), or after `waitMs` at the latest. Used twice
 * (ADR 024, amendment 5): main.tsx waits with it before evaluating the rest of the app (its modules'
 * evaluation is one long task on the main thread, which held back the session's answer and the
 * calls behind it), app/start.tsx before React's first render (another long task) for what remains of
 * the same FIRST_RENDER_WAIT_MS.
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

