import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationRole } from '@questboard/shared/organisations';
import { apiPaths } from '@questboard/shared/api-paths';
import { memberSchema } from '@questboard/shared/organisations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

export interface ChangeMemberRoleInput {
  userId: string;
  role: OrganisationRole;
}

/** PUT /core/orgs/members/{userId}: never above the caller's own role; the last owner stays one. */
export const changeMemberRole = ({ userId, role }: ChangeMemberRoleInput) =>
  callApi('Member role change failed', () =>
    apiClient.put(apiPaths.organisations.member.url({ userId }), memberSchema, { role }),
  );

export function useChangeMemberRole(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.members(organisationId) }),
  });
}
