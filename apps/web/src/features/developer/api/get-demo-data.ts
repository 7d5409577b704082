import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { demoDataStatusSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/** How often the progress is read while demo data loads. */
export const DEMO_PROGRESS_INTERVAL_MS = 1000;

/** GET /core/projects/{id}/demo-data: whether demo data is loading, loaded or absent. */
export const getDemoData = (projectId: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.demoDataStatus, () =>
    apiClient.get(apiPaths.projects.demoData.url({ id: projectId }), demoDataStatusSchema, { signal }),
  );

export const demoDataQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: developerKeys.demoData(projectId),
    queryFn: ({ signal }) => getDemoData(projectId, signal),
    // Polled only while a load runs.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? DEMO_PROGRESS_INTERVAL_MS : false),
    refetchIntervalInBackground: false,
  });

export function useDemoData(projectId: string) {
  return useQuery(demoDataQueryOptions(projectId));
}
