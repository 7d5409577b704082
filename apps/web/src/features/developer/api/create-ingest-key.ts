import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type CreateIngestKeyBody, type IngestKeyList, ingestKeySchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/** POST /core/projects/{id}/ingest-keys: a new standard key (409 INGEST_KEY_LIMIT past 20 active ones). */
export const createIngestKey = ({ projectId, ...body }: CreateIngestKeyBody & { projectId: string }) =>
  callApi(API_LOG_LABELS.ingestKeyCreation, () =>
    apiClient.post(apiPaths.projects.ingestKeys.url({ id: projectId }), ingestKeySchema, body),
  );

export function useCreateIngestKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIngestKeyBody) => createIngestKey({ projectId, ...body }),
    onSuccess: (key) => {
      // Shown at once; the refetch confirms it.
      queryClient.setQueryData<IngestKeyList>(developerKeys.ingestKeys(projectId), (list) =>
        list ? { keys: [...list.keys, key] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: developerKeys.ingestKeys(projectId) });
    },
  });
}
