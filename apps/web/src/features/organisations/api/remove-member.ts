import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { noAnswerSchema } from '@questboard/shared/api-answer';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** DELETE /core/orgs/members/{userId}: admins cannot remove an owner; the last owner stays. */
export const removeMember = (userId: string) =>
  callApi('Member removal failed', () => apiClient.delete(apiPaths.organisations.member.url({ userId }), noAnswerSchema));

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.members(organisationId) }),
  });
}
