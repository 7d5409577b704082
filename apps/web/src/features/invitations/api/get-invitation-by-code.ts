import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@questboard/shared/invitations';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { invitationKeys } from './invitation-keys';

/** GET /core/invitations/by-code/{code}: public, the invitee may not be signed in yet. */
export const getInvitationByCode = (code: string, signal?: AbortSignal) =>
  callApi('Invitation lookup failed', () =>
    apiClient.get<Invitation>(`/core/invitations/by-code/${encodeURIComponent(code)}`, { auth: false, signal }),
  );

export const invitationByCodeQueryOptions = (code: string) =>
  queryOptions({ queryKey: invitationKeys.byCode(code), queryFn: ({ signal }) => getInvitationByCode(code, signal) });

export function useInvitationByCode(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationByCodeQueryOptions(code), enabled });
}
