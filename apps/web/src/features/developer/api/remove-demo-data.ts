import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type RemovedDemoData, removedDemoDataSchema } from '@questboard/shared/developer';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { developerKeys } from './developer-keys';
import { getLatestEvents } from './get-latest-events';

/** DELETE /core/projects/{id}/demo-data: stops a load in progress and removes the demo events; real events stay. */
export const removeDemoData = (projectId: string) =>
  callApi(API_LOG_LABELS.demoDataRemoval, () =>
    apiClient.delete(apiPaths.projects.demoData.url({ id: projectId }), removedDemoDataSchema),
  );

const CHECK_EVERY_MS = 3000;
const GIVE_UP_AFTER_MS = 10 * 60_000;

export interface RemovalTiming {
  /** The DELETE itself; removeDemoData unless given. */
  remove?: (projectId: string) => Promise<RemovedDemoData>;
  checkEveryMs?: number;
  giveUpAfterMs?: number;
}

/** Resolves once the project holds no demo events any more. */
async function demoEventsGone(projectId: string, checkEveryMs: number, giveUpAfterMs: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < giveUpAfterMs; ) {
    await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
    if ((await getLatestEvents(projectId, 1)).summary.demoEvents === 0) return;
  }
  throw new Error('Removing the demo data is taking unusually long. Look again in a few minutes.');
}

/**
 * Deleting a million demo events can take the server longer than the HTTP client's 30-second
 * time-out; it carries on regardless, so after a time-out this waits until the project's totals
 * show no demo events. `removedEvents` is null then (the count never arrived).
 */
export async function removeDemoDataAndWait(
  projectId: string,
  { remove = removeDemoData, checkEveryMs = CHECK_EVERY_MS, giveUpAfterMs = GIVE_UP_AFTER_MS }: RemovalTiming = {},
): Promise<{ removedEvents: number | null }> {
  try {
    return await remove(projectId);
  } catch (error) {
    if (!isApiError(error) || !error.isTimeout) throw error;
    await demoEventsGone(projectId, checkEveryMs, giveUpAfterMs);
    return { removedEvents: null };
  }
}

export function useRemoveDemoData(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeDemoDataAndWait(projectId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: developerKeys.demoData(projectId) }),
        queryClient.invalidateQueries({ queryKey: developerKeys.allLatestEvents(projectId) }),
      ]),
  });
}
