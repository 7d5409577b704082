import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noAnswerSchema } from '@questboard/shared/api-answer';
import { apiPaths } from '@questboard/shared/api-paths';
import { liveEventSchema, liveKeySchema } from '@questboard/shared/live-config';
import {
  liveVersionSummarySchema,
  type LiveEventInput,
  type LiveKeyInput,
} from '@questboard/shared/live-api';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { liveQueryKeys } from './live-query-keys';

// Every edit of the live config (issue 15, ADR 021), owners and admins only: the server refuses
// the others with 403. Each success asks for the draft again (and the versions after a publish).

export type LiveKeyBody = LiveKeyInput & { name: string };

function useLiveMutation<Variables, Result>(projectId: string, run: (variables: Variables) => Promise<Result>, versionsToo = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      versionsToo
        ? queryClient.invalidateQueries({ queryKey: liveQueryKeys.project(projectId) })
        : queryClient.invalidateQueries({ queryKey: liveQueryKeys.draft(projectId) }),
  });
}

/** POST …/live/keys for a new key, PUT …/live/keys/{key} for an existing one (its name cannot change). */
export function useSaveLiveKey(projectId: string) {
  return useLiveMutation(projectId, ({ key, isNew }: { key: LiveKeyBody; isNew: boolean }) =>
    callApi(API_LOG_LABELS.liveKeySave, () => {
      if (isNew) return apiClient.post(apiPaths.live.keys.url({ id: projectId }), liveKeySchema, key);
      const { name, ...input } = key;
      return apiClient.put(apiPaths.live.key.url({ id: projectId, key: name }), liveKeySchema, input);
    }),
  );
}

/** DELETE …/live/keys/{key}; 409 LIVE_KEY_IN_USE names the live events overriding it unless `confirm`. */
export function useDeleteLiveKey(projectId: string) {
  return useLiveMutation(projectId, ({ name, confirm }: { name: string; confirm: boolean }) =>
    callApi(API_LOG_LABELS.liveKeyDeletion, () =>
        apiClient.delete(apiPaths.live.key.url({ id: projectId, key: name }), noAnswerSchema, { query: { confirm: String(confirm) } }),
      // "In use" is a question for the person deleting, not a failure.
      { ignore: (error) => isApiError(error, 409) },
    ),
  );
}

/** POST …/live/events for a new live event, PUT …/live/events/{eventId} for an existing one. */
export function useSaveLiveEvent(projectId: string) {
  return useLiveMutation(projectId, ({ event, eventId }: { event: LiveEventInput; eventId: string | null }) =>
    callApi(API_LOG_LABELS.liveEventSave, () =>
      eventId === null
        ? apiClient.post(apiPaths.live.events.url({ id: projectId }), liveEventSchema, event)
        : apiClient.put(apiPaths.live.event.url({ id: projectId, eventId }), liveEventSchema, event),
    ),
  );
}

export function useDeleteLiveEvent(projectId: string) {
  return useLiveMutation(projectId, (eventId: string) =>
    callApi(API_LOG_LABELS.liveEventDeletion, () => apiClient.delete(apiPaths.live.event.url({ id: projectId, eventId }), noAnswerSchema)),
  );
}

/** POST …/live/publish: the whole draft is checked; 400 LIVE_CONFIG_INVALID lists every problem. */
export function usePublishLiveConfig(projectId: string) {
  return useLiveMutation(
    projectId,
    (note: string) => callApi(API_LOG_LABELS.livePublish, () => apiClient.post(apiPaths.live.publish.url({ id: projectId }), liveVersionSummarySchema, { note })),
    true,
  );
}

/** POST …/live/versions/{version}/rollback: publishes that version again and resets the draft to it. */
export function useRollbackLiveConfig(projectId: string) {
  return useLiveMutation(
    projectId,
    (version: number) =>
      callApi(API_LOG_LABELS.liveRollback, () =>
        apiClient.post(apiPaths.live.rollback.url({ id: projectId, version: String(version) }), liveVersionSummarySchema),
      ),
    true,
  );
}
