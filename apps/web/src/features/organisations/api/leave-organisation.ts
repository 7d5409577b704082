import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { noAnswerSchema } from '@questboard/shared/api-answer';

import { apiClient } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-log';
import { organisationKeys } from './organisation-keys';

/** POST /core/orgs/leave: refused for the last owner ('An organisation needs at least one owner.'). */
export const leaveOrganisation = () =>
  callApi('Leave organisation failed', () => apiClient.post(apiPaths.organisations.leave.url(), noAnswerSchema));

export function useLeaveOrganisation(organisationId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: leaveOrganisation });
  return {
    ...mutation,
    /** Drops the organisation's cached lists; call once the page showing them is gone (else they refetch and fail). */
    forgetOrganisation: () => queryClient.removeQueries({ queryKey: organisationKeys.detail(organisationId) }),
  };
}
