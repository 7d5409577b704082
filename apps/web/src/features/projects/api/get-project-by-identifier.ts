import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { projectSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { forgetCachedProject, readCachedProject, storeCachedProject } from './project-cache';
import { projectKeys } from './project-keys';

/** GET /core/projects/info?identifier=: the project the browser address names. */
export const getProjectByIdentifier = (identifier: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.getProjectByIdentifier, () =>
    apiClient.get(apiPaths.projects.info.url(), projectSchema, { query: { identifier }, signal }),
  );

/** When this page was loaded: a project seeded from the browser's cache is older and gets looked up again. */
const pageLoadedAt = Date.now();

// docs/product/rules-and-messages.md#auth-state: no fetch when the same identifier is already loaded; the cache keeps it fresh
// for the whole visit, and the create, update and delete calls refresh it. A returning visitor's
// project starts from the browser's 24-hour cache (project-cache.ts) and is looked up once in the background.
export const projectQueryOptions = (organisationId: string, identifier: string) =>
  queryOptions({
    queryKey: projectKeys.byIdentifier(organisationId, identifier),
    queryFn: async ({ signal }) => {
      try {
        const project = await getProjectByIdentifier(identifier, signal);
        storeCachedProject(organisationId, project);
        return project;
      } catch (error) {
        if (isApiError(error, 404) || isApiError(error, 403) || isApiError(error, 401)) forgetCachedProject(organisationId, identifier);
        throw error;
      }
    },
    initialData: () => readCachedProject(organisationId, identifier)?.project,
    initialDataUpdatedAt: () => readCachedProject(organisationId, identifier)?.cachedAt,
    staleTime: (query) => (query.state.dataUpdatedAt < pageLoadedAt ? 0 : Infinity),
  });

export function useProject(organisationId: string, identifier: string) {
  return useQuery({ ...projectQueryOptions(organisationId, identifier), enabled: organisationId !== '' && identifier !== '' });
}
