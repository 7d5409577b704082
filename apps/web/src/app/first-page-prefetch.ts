// Issue 20: the first page's queries, made as the app starts for a returning visitor whose overview's
// calls the entry chunk sent ahead (app/first-calls.ts): they take those calls' answers over.
import type { QueryClient } from '@tanstack/react-query';

import { overviewToPrefetch } from './first-calls';

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
