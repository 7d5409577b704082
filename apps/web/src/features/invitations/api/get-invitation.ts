import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { invitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { invitationKeys } from './invitation-keys';

/** GET /core/invitations/{id}: only an invitation sent to the signed-in address (else 404). */
export const getInvitation = (invitationId: string, signal?: AbortSignal) =>
  callApi('Invitation lookup failed', () =>
    apiClient.get(apiPaths.invitations.one.url({ id: invitationId }), invitationSchema, { signal }),
  );

export const invitationQueryOptions = (invitationId: string) =>
  queryOptions({ queryKey: invitationKeys.detail(invitationId), queryFn: ({ signal }) => getInvitation(invitationId, signal) });

export function useInvitation(invitationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationQueryOptions(invitationId), enabled });
}
