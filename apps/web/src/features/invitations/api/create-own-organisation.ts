import { useMutation } from '@tanstack/react-query';
import type { Invitation } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';

/** POST /core/invitations/{id}/create-own: decline in order to create one's own organisation (status CREATE_OWN). */
export const createOwnOrganisation = (invitationId: string) =>
  callApi('Create own organisation failed', () => apiClient.post<Invitation>(`/core/invitations/${encodeURIComponent(invitationId)}/create-own`));

export function useCreateOwnOrganisation() {
  return useMutation({ mutationFn: createOwnOrganisation });
}
