// Issue 20: the overview's calls, started as the app starts for a returning visitor (app/first-calls.ts)
// instead of once the page's chunk has loaded and rendered. Same options and keys as the page's own
// hooks (use-analytics.ts), so the page finds the calls under way and asks nothing twice.
import type { QueryClient } from '@tanstack/react-query';
import { eventCatalogueSchema, filterOptionsSchema, overviewSchema } from '@questboard/shared/analytics-answers';

import { overviewFirstCalls } from '../view/overview-calls';
import { analyticsQueryOptions, pageCall } from './use-analytics';

const answers = { overview: overviewSchema, events: eventCatalogueSchema, filters: filterOptionsSchema } as const;

/**
 * Starts the calls /project/{identifier}/overview?{search} makes first (view/overview-calls.ts). A
 * failure is the page's to show: its own hooks read the same queries.
 */
export function prefetchOverview(queryClient: QueryClient, projectId: string, search: string, today?: string): void {
  const ignore = () => undefined;
  for (const { page, params } of overviewFirstCalls(search, today)) {
    void queryClient.query(analyticsQueryOptions(projectId, pageCall(projectId, page, answers[page]), params)).catch(ignore);
  }
}
