import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type ProjectBody, projectSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { storeCachedProject } from './project-cache';
import { projectKeys } from './project-keys';

/** POST /core/projects: the server generates the identifier from the name. */
export const createProject = (body: ProjectBody) =>
  callApi(API_LOG_LABELS.projectCreation, () => apiClient.post(apiPaths.projects.create.url(), projectSchema, body));

export function useCreateProject(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.byIdentifier(organisationId, project.identifier), project);
      storeCachedProject(organisationId, project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.organisation(organisationId) });
    },
  });
}
