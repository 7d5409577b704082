import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import { noAnswerSchema } from '@questboard/shared/api-answer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { forgetCachedProject } from './project-cache';
import { projectKeys } from './project-keys';

/** DELETE /core/projects/{id}: the project and everything that belongs to it. */
export const deleteProject = (id: string) =>
  callApi(API_LOG_LABELS.projectDeletion, () => apiClient.delete(apiPaths.projects.one.url({ id }), noAnswerSchema));

export function useDeleteProject(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: (_answer, project) => {
      forgetCachedProject(organisationId, project.identifier);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.lists(organisationId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.everything(organisationId) }),
      ]);
    },
  });
}

/** Drops the deleted project from the cache, once the project area (which shows it) is left. */
export function forgetProject(queryClient: QueryClient, organisationId: string, identifier: string) {
  queryClient.removeQueries({ queryKey: projectKeys.byIdentifier(organisationId, identifier) });
}
