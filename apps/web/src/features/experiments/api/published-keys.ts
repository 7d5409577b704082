// The published live config's keys, which variants may override (the server checks the same at
// start): GET …/live/draft for the current version, then that version's snapshot, as the live-ops
// page reads them (features never import each other, ADR 014).
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { liveDraftSchema, liveVersionSchema } from '@questboard/shared/live-api';
import type { LiveKey } from '@questboard/shared/live-config';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { experimentKeys } from './experiments-api';

export interface PublishedKeys {
  /** 0 before the first publish: then no variant can override anything yet. */
  version: number;
  keys: LiveKey[];
}

async function getPublishedKeys(projectId: string, signal: AbortSignal): Promise<PublishedKeys> {
  return callApi(API_LOG_LABELS.experimentLiveKeys, async () => {
    const draft = await apiClient.get(apiPaths.live.draft.url({ id: projectId }), liveDraftSchema, { signal });
    if (draft.publishedVersion === 0) return { version: 0, keys: [] };
    const version = await apiClient.get(apiPaths.live.version.url({ id: projectId, version: String(draft.publishedVersion) }), liveVersionSchema, { signal });
    return { version: version.version, keys: version.snapshot.keys };
  });
}

export function usePublishedKeys(projectId: string) {
  return useQuery({ queryKey: [...experimentKeys.project(projectId), 'published-keys'], queryFn: ({ signal }) => getPublishedKeys(projectId, signal) });
}
