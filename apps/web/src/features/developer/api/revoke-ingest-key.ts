import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type IngestKeyList, ingestKeySchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/** DELETE /core/projects/{id}/ingest-keys/{keyId}: the key stops working at once (owners and admins). */
export const revokeIngestKey = ({ projectId, keyId }: { projectId: string; keyId: string }) =>
  callApi(API_LOG_LABELS.ingestKeyRevocation, () =>
    apiClient.delete(apiPaths.projects.ingestKey.url({ id: projectId, keyId }), ingestKeySchema),
  );

export function useRevokeIngestKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeIngestKey({ projectId, keyId }),
    onSuccess: (revoked) => {
      queryClient.setQueryData<IngestKeyList>(developerKeys.ingestKeys(projectId), (list) =>
        list ? { keys: list.keys.map((key) => (key.id === revoked.id ? revoked : key)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: developerKeys.ingestKeys(projectId) });
    },
  });
}
