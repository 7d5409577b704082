import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getProjects } from './get-projects';
import { type ProjectListParams, projectKeys } from './project-keys';
import { searchProjects } from './search-projects';

/** The landing page's list: a search when there is a query, else the plain list. */
export const projectListQueryOptions = (organisationId: string, params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(organisationId, params),
    queryFn: ({ signal }) => (params.q.trim() === '' ? getProjects(params, signal) : searchProjects(params, signal)),
    // The previous page stays on screen while the next one loads (no flash of the skeleton).
    placeholderData: keepPreviousData,
  });

export function useProjectList(organisationId: string, params: ProjectListParams) {
  // Projects belong to an organisation: nothing to ask for before there is one.
  return useQuery({ ...projectListQueryOptions(organisationId, params), enabled: organisationId !== '' });
}
