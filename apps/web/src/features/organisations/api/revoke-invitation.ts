import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { noAnswerSchema } from '@questboard/shared/api-answer';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** DELETE /core/orgs/invitations/{id}: withdraws a pending invitation; its link stops working. */
export const revokeInvitation = (invitationId: string) =>
  callApi('Invitation revocation failed', () =>
    apiClient.delete(apiPaths.organisations.invitation.url({ id: invitationId }), noAnswerSchema),
  );

export function useRevokeInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations(organisationId) }),
  });
}
