import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { LATEST_EVENTS_DEFAULT, latestEventsSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/** How often the live check asks while the page is visible, and while its last call failed. */
export const LIVE_CHECK_INTERVAL_MS = 3000;
export const LIVE_CHECK_RETRY_INTERVAL_MS = 10_000;

/** GET /core/projects/{id}/events/latest?limit=N: the newest events first, and the project's totals. */
export const getLatestEvents = (projectId: string, limit = LATEST_EVENTS_DEFAULT, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.latestEvents, () =>
    apiClient.get(apiPaths.projects.latestEvents.url({ id: projectId }), latestEventsSchema, { query: { limit }, signal }),
  );

export const latestEventsQueryOptions = (projectId: string, limit = LATEST_EVENTS_DEFAULT) =>
  queryOptions({
    queryKey: developerKeys.latestEvents(projectId, limit),
    queryFn: ({ signal }) => getLatestEvents(projectId, limit, signal),
    // A live view: asks again every 3 s, less often while failing, and not at all while the tab is
    // hidden (TanStack Query pauses intervals then and refetches when it shows again).
    refetchInterval: (query) => (query.state.status === 'error' ? LIVE_CHECK_RETRY_INTERVAL_MS : LIVE_CHECK_INTERVAL_MS),
    refetchIntervalInBackground: false,
  });

export function useLatestEvents(projectId: string, limit = LATEST_EVENTS_DEFAULT) {
  return useQuery(latestEventsQueryOptions(projectId, limit));
}
