import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { invitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';

/** POST /core/invitations/{id}/accept: join the organisation with the invited role. */
export const acceptInvitation = (invitationId: string) =>
  callApi('Invitation acceptance failed', () => apiClient.post(apiPaths.invitations.accept.url({ id: invitationId }), invitationSchema));

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
