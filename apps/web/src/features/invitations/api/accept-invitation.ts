import { useMutation } from '@tanstack/react-query';
import type { Invitation } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';

/** POST /core/invitations/{id}/accept: join the organisation with the invited role. */
export const acceptInvitation = (invitationId: string) =>
  callApi('Invitation acceptance failed', () => apiClient.post<Invitation>(`/core/invitations/${encodeURIComponent(invitationId)}/accept`));

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
