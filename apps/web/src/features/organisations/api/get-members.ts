import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { memberListSchema } from '@questboard/shared/organisations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** GET /core/orgs/members: owners, then admins, then members. */
export const getMembers = (signal?: AbortSignal) =>
  callApi('List members failed', () => apiClient.get(apiPaths.organisations.members.url(), memberListSchema, { signal }));

export const membersQueryOptions = (organisationId: string) =>
  queryOptions({ queryKey: organisationKeys.members(organisationId), queryFn: ({ signal }) => getMembers(signal) });

export function useMembers(organisationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(organisationId), enabled });
}
