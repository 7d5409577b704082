import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { usageSchema } from '@questboard/shared/billing';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { billingKeys } from './billing-keys';

/** GET /core/orgs/usage: this month's figures for the organisation and each project, 30 days per day. */
export const getUsage = (signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.usage, () => apiClient.get(apiPaths.organisations.usage.url(), usageSchema, { signal }));

export const usageQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: billingKeys.usage(organisationId),
    queryFn: ({ signal }) => getUsage(signal),
  });

export function useUsage(organisationId: string) {
  return useQuery(usageQueryOptions(organisationId));
}
