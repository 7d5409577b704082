import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { invitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';

/** POST /core/invitations/{id}/create-own: decline in order to create one's own organisation (status CREATE_OWN). */
export const createOwnOrganisation = (invitationId: string) =>
  callApi('Create own organisation failed', () => apiClient.post(apiPaths.invitations.createOwn.url({ id: invitationId }), invitationSchema));

export function useCreateOwnOrganisation() {
  return useMutation({ mutationFn: createOwnOrganisation });
}
