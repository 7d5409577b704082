import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { installationStatusSchema } from '@questboard/shared/support';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { supportKeys } from './support-keys';

/** GET /core/system/status: version, databases, and what is configured (never the values). */
export const getInstallationStatus = (signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.installationStatus, () => apiClient.get(apiPaths.support.status.url(), installationStatusSchema, { signal }));

export const installationStatusQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.installationStatus(),
    queryFn: ({ signal }) => getInstallationStatus(signal),
    // Configuration changes only with a restart.
    staleTime: 5 * 60 * 1000,
  });

export function useInstallationStatus() {
  return useQuery(installationStatusQueryOptions());
}
