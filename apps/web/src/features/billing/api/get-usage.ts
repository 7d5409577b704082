import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Usage } from '@questboard/shared/billing';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { billingKeys } from './billing-keys';

/** GET /core/orgs/usage: this month's figures for the organisation and each project, 30 days per day. */
export const getUsage = (signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.usage, () => apiClient.get<Usage>('/core/orgs/usage', { signal }));

export const usageQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.usage(organisationId),
    queryFn: ({ signal }) => getUsage(signal),
  });

export function useUsage(organisationId: string) {
  return useQuery(usageQueryOptions(organisationId));
}
