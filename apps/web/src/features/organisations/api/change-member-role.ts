import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, OrganisationRole } from '@questboard/shared/organisations';

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
    apiClient.put<Member>(`/core/orgs/members/${encodeURIComponent(userId)}`, { role }),
  );

export function useChangeMemberRole(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.members(organisationId) }),
  });
}
