import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { liveDiffSchema, liveDraftSchema, liveVersionListSchema, liveVersionSchema } from '@questboard/shared/live-api';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { liveQueryKeys } from './live-query-keys';

/** GET /core/projects/{id}/live/draft: the keys and live events being edited, and the server's time. */
export const getLiveDraft = (projectId: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.liveDraft, () => apiClient.get(apiPaths.live.draft.url({ id: projectId }), liveDraftSchema, { signal }));

export const liveDraftQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: liveQueryKeys.draft(projectId), queryFn: ({ signal }) => getLiveDraft(projectId, signal) });

export function useLiveDraft(projectId: string) {
  return useQuery(liveDraftQueryOptions(projectId));
}

/** GET /core/projects/{id}/live/versions: every publish and rollback, newest first (the audit list). */
export const getLiveVersions = (projectId: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.liveVersions, () => apiClient.get(apiPaths.live.versions.url({ id: projectId }), liveVersionListSchema, { signal }));

export function useLiveVersions(projectId: string) {
  return useQuery({ queryKey: liveQueryKeys.versions(projectId), queryFn: ({ signal }) => getLiveVersions(projectId, signal) });
}

/** GET /core/projects/{id}/live/versions/{version}: one version with its snapshot (never changes). */
export const getLiveVersion = (projectId: string, version: number, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.liveVersion, () =>
    apiClient.get(apiPaths.live.version.url({ id: projectId, version: String(version) }), liveVersionSchema, { signal }),
  );

/** The published version's snapshot, for the current values and the draft's markers; off before the first publish. */
export function useLiveVersion(projectId: string, version: number) {
  return useQuery({
    queryKey: liveQueryKeys.version(projectId, version),
    queryFn: ({ signal }) => getLiveVersion(projectId, version, signal),
    enabled: version > 0,
    // A version is immutable.
    staleTime: Infinity,
    // After a publish, the page keeps the version it had until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /core/projects/{id}/live/versions/{version}/diff: from that version to the current one. */
export const getLiveDiff = (projectId: string, version: number, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.liveDiff, () =>
    apiClient.get(apiPaths.live.versionDiff.url({ id: projectId, version: String(version) }), liveDiffSchema, { signal }),
  );

export function useLiveDiff(projectId: string, version: number, current: number) {
  return useQuery({
    queryKey: liveQueryKeys.diff(projectId, version, current),
    queryFn: ({ signal }) => getLiveDiff(projectId, version, signal),
    staleTime: Infinity,
  });
}
