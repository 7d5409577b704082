import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { projectSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { projectKeys } from './project-keys';

/** GET /core/projects/info?identifier=: the project the browser address names. */
export const getProjectByIdentifier = (identifier: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.getProjectByIdentifier, () =>
    apiClient.get(apiPaths.projects.info.url(), projectSchema, { query: { identifier }, signal }),
  );

// docs/product/rules-and-messages.md#auth-state: no fetch when the same identifier is already loaded; the cache keeps it fresh
// for the whole visit, and the create, update and delete calls refresh it.
export const projectQueryOptions = (organisationId: string, identifier: string) =>
  queryOptions({
    queryKey: projectKeys.byIdentifier(organisationId, identifier),
    queryFn: ({ signal }) => getProjectByIdentifier(identifier, signal),
    staleTime: Infinity,
  });

export function useProject(organisationId: string, identifier: string) {
  return useQuery({ ...projectQueryOptions(organisationId, identifier), enabled: organisationId !== '' && identifier !== '' });
}
