import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type QuotaBody, type Usage, quotaBodySchema } from '@questboard/shared/billing';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { billingKeys } from './billing-keys';

/** PUT /core/orgs/quota: sets (or, with null, removes) the monthly event quota; owners only (403). */
export const setQuota = (body: QuotaBody) =>
  callApi(API_LOG_LABELS.quotaUpdate, () => apiClient.put(apiPaths.organisations.quota.url(), quotaBodySchema, body));

export function useSetQuota(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuota,
    onSuccess: ({ monthlyEventQuota }) => {
      // Shown at once; the refetch confirms it.
      queryClient.setQueryData<Usage>(billingKeys.usage(organisationId), (usage) =>
        usage ? { ...usage, monthlyEventQuota } : usage,
      );
      return queryClient.invalidateQueries({ queryKey: billingKeys.usage(organisationId) });
    },
  });
}
