import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** DELETE /core/orgs/members/{userId}: admins cannot remove an owner; the last owner stays. */
export const removeMember = (userId: string) =>
  callApi('Member removal failed', () => apiClient.delete<undefined>(`/core/orgs/members/${encodeURIComponent(userId)}`));

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.members(organisationId) }),
  });
}
