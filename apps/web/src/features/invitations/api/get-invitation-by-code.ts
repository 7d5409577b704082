import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { invitationSchema } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { invitationKeys } from './invitation-keys';

/** GET /core/invitations/by-code/{code}: public, the invitee may not be signed in yet. */
export const getInvitationByCode = (code: string, signal?: AbortSignal) =>
  callApi('Invitation lookup failed', () =>
    apiClient.get(apiPaths.invitations.byCode.url({ code }), invitationSchema, { auth: false, signal }),
  );

export const invitationByCodeQueryOptions = (code: string) =>
  queryOptions({ queryKey: invitationKeys.byCode(code), queryFn: ({ signal }) => getInvitationByCode(code, signal) });

export function useInvitationByCode(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationByCodeQueryOptions(code), enabled });
}
