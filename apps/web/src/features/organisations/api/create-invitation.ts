import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationRole } from '@questboard/shared/organisations';
import { apiPaths } from '@questboard/shared/api-paths';
import { organisationInvitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

export interface CreateInvitationInput {
  email: string;
  role: OrganisationRole;
}

/** POST /core/orgs/invitations: e-mails the address a link to /access/{code}. */
export const createInvitation = (input: CreateInvitationInput) =>
  callApi('Invitation creation failed', () => apiClient.post(apiPaths.organisations.invitations.url(), organisationInvitationSchema, input));

export function useCreateInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.invitations(organisationId) }),
  });
}
