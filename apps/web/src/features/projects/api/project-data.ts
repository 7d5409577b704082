import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type DataSettings, dataSettingsSchema, deletedEventsSchema } from '@questboard/shared/project-data';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

// The settings page's data section: retention and deleting the project's analytics events.

export const projectDataKeys = {
  settings: (projectId: string) => ['project-data', projectId, 'settings'] as const,
};

/** GET /core/projects/{id}/data-settings */
export const getDataSettings = (projectId: string) =>
  callApi(API_LOG_LABELS.dataSettings, () => apiClient.get(apiPaths.projects.dataSettings.url({ id: projectId }), dataSettingsSchema));

export const dataSettingsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectDataKeys.settings(projectId), queryFn: () => getDataSettings(projectId) });

export function useDataSettings(projectId: string) {
  return useQuery(dataSettingsQueryOptions(projectId));
}

/** PUT /core/projects/{id}/data-settings: older events are deleted at once. */
export const updateDataSettings = (projectId: string, settings: DataSettings) =>
  callApi(API_LOG_LABELS.dataSettingsUpdate, () => apiClient.put(apiPaths.projects.dataSettings.url({ id: projectId }), dataSettingsSchema, settings));

export function useUpdateDataSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DataSettings) => updateDataSettings(projectId, settings),
    onSuccess: (settings) => queryClient.setQueryData(projectDataKeys.settings(projectId), settings),
  });
}

/** DELETE /core/projects/{id}/events: every analytics event of the project; the project stays. */
export const deleteAnalyticsData = (projectId: string) =>
  callApi(API_LOG_LABELS.analyticsDeletion, () => apiClient.delete(apiPaths.projects.events.url({ id: projectId }), deletedEventsSchema));
