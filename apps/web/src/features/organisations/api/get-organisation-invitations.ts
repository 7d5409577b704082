import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { organisationInvitationListSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** GET /core/orgs/invitations: pending and expired, newest first (owners and admins). */
export const getOrganisationInvitations = (signal?: AbortSignal) =>
  callApi('List invitations failed', () => apiClient.get(apiPaths.organisations.invitations.url(), organisationInvitationListSchema, { signal }));

export const organisationInvitationsQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: organisationKeys.invitations(organisationId),
    queryFn: ({ signal }) => getOrganisationInvitations(signal),
  });

export function useOrganisationInvitations(organisationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organisationInvitationsQueryOptions(organisationId), enabled });
}
