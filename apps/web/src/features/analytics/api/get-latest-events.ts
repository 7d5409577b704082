import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { latestEventsSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { analyticsKeys } from './use-analytics';

/** How often the live stream asks while it plays and the tab is visible. */
export const LIVE_STREAM_INTERVAL_MS = 3000;
export const LIVE_STREAM_LIMIT = 50;

/** GET /core/projects/{id}/events/latest?limit=N: the newest events first (all of them, whatever the view). */
export const getLatestEvents = (projectId: string, limit: number, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.latestEvents, () =>
    apiClient.get(apiPaths.projects.latestEvents.url({ id: projectId }), latestEventsSchema, { query: { limit }, signal }),
  );

export function useLatestEvents(projectId: string, { paused }: { paused: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: [...analyticsKeys.endpoint(projectId, 'events/latest'), LIVE_STREAM_LIMIT],
      queryFn: ({ signal }) => getLatestEvents(projectId, LIVE_STREAM_LIMIT, signal),
      // TanStack Query stops intervals while the tab is hidden and asks again when it shows.
      refetchInterval: paused ? false : LIVE_STREAM_INTERVAL_MS,
      refetchIntervalInBackground: false,
    }),
  );
}
