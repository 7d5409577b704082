import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SORT, FETCH_ALL_PAGE_SIZE } from '@questboard/shared/limits';
import { apiPaths } from '@questboard/shared/api-paths';
import { type Project, embeddedProjectsSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { projectKeys } from './project-keys';

/** docs/product/http-contract.md#core-calls, the load-all helper: page 0 of size 100; the embedded list, or an empty one. */
export async function getAllProjects(signal?: AbortSignal): Promise<Project[]> {
  const answer = await callApi(API_LOG_LABELS.getAllProjects, () =>
    apiClient.get(apiPaths.projects.all.url(), embeddedProjectsSchema, {
      query: { page: 0, size: FETCH_ALL_PAGE_SIZE, sort: DEFAULT_SORT },
      signal,
    }),
  );
  return answer?._embedded?.projects ?? [];
}

export const allProjectsQueryOptions = (organisationId: string) =>
  queryOptions({ queryKey: projectKeys.everything(organisationId), queryFn: ({ signal }) => getAllProjects(signal) });

export function useAllProjects(organisationId: string) {
  return useQuery({ ...allProjectsQueryOptions(organisationId), enabled: organisationId !== '' });
}
