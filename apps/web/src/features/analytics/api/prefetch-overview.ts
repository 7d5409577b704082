// Issue 20: the overview's calls, started as the app starts for a returning visitor (app/first-page-prefetch.ts)
// instead of once the page's chunk has loaded and rendered. Same options and keys as the page's own
// hooks (use-analytics.ts), so the page finds the calls under way and asks nothing twice.
import type { QueryClient } from '@tanstack/react-query';
import { eventCatalogueSchema, filterOptionsSchema, overviewSchema } from '@questboard/shared/analytics-answers';

import { parseView, viewApiParams } from '../view/analytics-view';
import { analyticsQueryOptions, pageCall } from './use-analytics';

/**
 * Starts the calls /project/{identifier}/overview?{search} makes first: the overview, the event
 * catalogue and the filter values. A failure is the page's to show: its own hooks read the same queries.
 */
export function prefetchOverview(queryClient: QueryClient, projectId: string, search: string, today?: string): void {
  const view = parseView(new URLSearchParams(search), today);
  const params = viewApiParams(view);
  const ignore = () => undefined;
  void queryClient.query(analyticsQueryOptions(projectId, pageCall(projectId, 'overview', overviewSchema), params)).catch(ignore);
  void queryClient.query(analyticsQueryOptions(projectId, pageCall(projectId, 'events', eventCatalogueSchema), params)).catch(ignore);
  const range = { from: view.from, to: view.to };
  void queryClient.query(analyticsQueryOptions(projectId, pageCall(projectId, 'filters', filterOptionsSchema), range)).catch(ignore);
}
