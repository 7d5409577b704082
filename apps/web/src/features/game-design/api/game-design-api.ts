// The level and economy calls (GET /core/projects/{id}/analytics/levels and /economy, issue 17),
// through the one HTTP client; each answer is checked against its shared schema. Their query keys
// sit under the analytics keys' prefix (['analytics', projectId, ...]), so whatever refreshes a
// project's analytics (new demo data, a deletion) refreshes these pages too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { levelsSchema } from '@questboard/shared/analytics-levels';
import { economySchema } from '@questboard/shared/analytics-economy';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

export type GameDesignParams = Record<string, string>;

export const gameDesignKeys = {
  levels: (projectId: string, params: GameDesignParams) => ['analytics', projectId, 'levels', params] as const,
  economy: (projectId: string, params: GameDesignParams) => ['analytics', projectId, 'economy', params] as const,
};

/** How long an answer counts as fresh (as the other analytics pages). */
const FRESH_MS = 5_000;

export function useLevels(projectId: string, params: GameDesignParams) {
  return useQuery({
    queryKey: gameDesignKeys.levels(projectId, params),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.analyticsLevels, () => apiClient.get(apiPaths.analytics.levels.url({ id: projectId }), levelsSchema, { query: params, signal })),
    staleTime: FRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useEconomy(projectId: string, params: GameDesignParams) {
  return useQuery({
    queryKey: gameDesignKeys.economy(projectId, params),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.analyticsEconomy, () => apiClient.get(apiPaths.analytics.economy.url({ id: projectId }), economySchema, { query: params, signal })),
    staleTime: FRESH_MS,
    placeholderData: keepPreviousData,
  });
}
