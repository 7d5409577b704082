// The funnels page's calls (issue 17), through the one HTTP client: the funnel, the players who
// dropped at a step, and, for the step builder, the range's event names with their property keys
// and the filter values. Every answer is checked against its shared schema.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { eventCatalogueSchema, filterOptionsSchema } from '@questboard/shared/analytics-answers';
import {
  FUNNEL_CSV_MAX_PLAYERS,
  FUNNEL_PLAYERS_MAX_LIMIT,
  funnelPlayersSchema,
  funnelSchema,
  type FunnelPlayers,
} from '@questboard/shared/analytics-funnels';
import { apiPaths } from '@questboard/shared/api-paths';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

type Params = Record<string, string>;

export const funnelKeys = {
  all: ['funnels'] as const,
  query: (projectId: string, call: string, params: Params) => [...funnelKeys.all, projectId, call, params] as const,
};

export function useFunnel(projectId: string, params: Params) {
  return useQuery({
    queryKey: funnelKeys.query(projectId, 'funnel', params),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.funnel, () =>
        apiClient.get(apiPaths.funnels.funnel.url({ id: projectId }), funnelSchema, { query: params, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function getFunnelPlayers(projectId: string, params: Params, signal?: AbortSignal): Promise<FunnelPlayers> {
  return callApi(API_LOG_LABELS.funnelPlayers, () =>
    apiClient.get(apiPaths.funnels.players.url({ id: projectId }), funnelPlayersSchema, { query: params, signal }),
  );
}

/** The players who dropped at `step`, one page; nothing is asked while step is null. */
export function useFunnelPlayers(
  projectId: string,
  params: Params,
  step: number | null,
  offset: number,
  limit: number,
) {
  const query = { ...params, step: String(step), offset: String(offset), limit: String(limit) };
  return useQuery({
    queryKey: funnelKeys.query(projectId, 'players', query),
    queryFn: ({ signal }) => getFunnelPlayers(projectId, query, signal),
    enabled: step !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every dropped player up to the CSV's bound, a page of the largest size at a time. */
export async function allFunnelPlayers(projectId: string, params: Params, step: number): Promise<FunnelPlayers> {
  const players: FunnelPlayers['players'] = [];
  let total = 0;
  do {
    const page = await getFunnelPlayers(projectId, {
      ...params,
      step: String(step),
      offset: String(players.length),
      limit: String(FUNNEL_PLAYERS_MAX_LIMIT),
    });
    total = page.total;
    players.push(...page.players);
    if (page.players.length === 0) break;
  } while (players.length < Math.min(total, FUNNEL_CSV_MAX_PLAYERS));
  return { total, players: players.slice(0, FUNNEL_CSV_MAX_PLAYERS) };
}

/** The range's event names and their property keys, for the step builder's suggestions. */
export function useEventNames(projectId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: funnelKeys.query(projectId, 'events', range),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.eventCatalogue, () =>
        apiClient.get(apiPaths.analytics.events.url({ id: projectId }), eventCatalogueSchema, { query: range, signal }),
      ),
    staleTime: 60_000,
  });
}

export function useFilterValues(projectId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: funnelKeys.query(projectId, 'filters', range),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.analyticsFilters, () =>
        apiClient.get(apiPaths.analytics.filters.url({ id: projectId }), filterOptionsSchema, { query: range, signal }),
      ),
    staleTime: 60_000,
  });
}
