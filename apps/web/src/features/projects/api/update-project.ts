import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectBody } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { projectKeys } from './project-keys';

/** PUT /core/projects/{id}: name and description; the identifier never changes. */
export const updateProject = ({ id, ...body }: ProjectBody & { id: string }) =>
  callApi(API_LOG_LABELS.projectUpdate, () => apiClient.put<Project>(`/core/projects/${encodeURIComponent(id)}`, body));

export function useUpdateProject(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.byIdentifier(organisationId, project.identifier), project);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.lists(organisationId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.everything(organisationId) }),
      ]);
    },
  });
}
