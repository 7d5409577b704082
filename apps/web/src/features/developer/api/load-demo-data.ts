import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { demoDataStatusSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';

/**
 * POST /core/projects/{id}/demo-data: starts loading 20,000 players over 90 days and answers at once
 * (202, state running). 409 PROJECT_HAS_EVENTS when the project has real events, DEMO_DATA_LOADING
 * when a load runs.
 */
export const loadDemoData = (projectId: string) =>
  callApi(API_LOG_LABELS.demoDataLoad, () => apiClient.post(apiPaths.projects.demoData.url({ id: projectId }), demoDataStatusSchema));

export function useLoadDemoData(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loadDemoData(projectId),
    onSuccess: (status) => {
      // The answer is the running status: setting it starts the progress polling.
      queryClient.setQueryData(developerKeys.demoData(projectId), status);
      // The load made the project's demo key, if it had none.
      return queryClient.invalidateQueries({ queryKey: developerKeys.ingestKeys(projectId) });
    },
  });
}
