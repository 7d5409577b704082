import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { ingestKeyListSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/** GET /core/projects/{id}/ingest-keys: every key of the project, revoked ones included, oldest first. */
export const getIngestKeys = (projectId: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.listIngestKeys, () =>
    apiClient.get(apiPaths.projects.ingestKeys.url({ id: projectId }), ingestKeyListSchema, { signal }),
  );

export const ingestKeysQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: developerKeys.ingestKeys(projectId),
    queryFn: ({ signal }) => getIngestKeys(projectId, signal),
    select: (list) => list.keys,
  });

export function useIngestKeys(projectId: string) {
  return useQuery(ingestKeysQueryOptions(projectId));
}
