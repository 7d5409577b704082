import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { invitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';

/** POST /core/invitations/{id}/decline: the invitation stops forcing the flow. */
export const declineInvitation = (invitationId: string) =>
  callApi('Invitation decline failed', () => apiClient.post(apiPaths.invitations.decline.url({ id: invitationId }), invitationSchema));

export function useDeclineInvitation() {
  return useMutation({ mutationFn: declineInvitation });
}
