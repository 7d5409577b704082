import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { organisationInvitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** POST /core/orgs/invitations/{id}/resend: a new link and a fresh 7 days; the old link stops working. */
export const resendInvitation = (invitationId: string) =>
  callApi('Invitation resend failed', () =>
    apiClient.post(apiPaths.organisations.resendInvitation.url({ id: invitationId }), organisationInvitationSchema),
  );

export function useResendInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations(organisationId) }),
  });
}
