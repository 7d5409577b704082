import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type ProjectBody, projectSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { storeCachedProject } from './project-cache';
import { projectKeys } from './project-keys';

/** PUT /core/projects/{id}: name and description; the identifier never changes. */
export const updateProject = ({ id, ...body }: ProjectBody & { id: string }) =>
  callApi(API_LOG_LABELS.projectUpdate, () => apiClient.put(apiPaths.projects.one.url({ id }), projectSchema, body));

export function useUpdateProject(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.byIdentifier(organisationId, project.identifier), project);
      storeCachedProject(organisationId, project);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.lists(organisationId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.everything(organisationId) }),
      ]);
    },
  });
}
