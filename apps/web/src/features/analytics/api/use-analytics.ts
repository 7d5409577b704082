// The analytics pages' calls (GET /core/projects/{id}/analytics/...), through the one HTTP client.
// Every answer is checked against its shared schema, so a page never renders a shape it does not
// know. The view's query (the URL's range, granularity and filters) is part of each query key.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswerSchema } from '@questboard/shared/api-answer';
import { type AnalyticsPage, apiPaths } from '@questboard/shared/api-paths';
import { overviewSchema, playersSchema, engagementSchema, eventCatalogueSchema, filterOptionsSchema } from '@questboard/shared/analytics-answers';
import { exploreSchema } from '@questboard/shared/analytics-explore';
import { playerSchema } from '@questboard/shared/analytics-player';
import { retentionSchema, revenueSchema } from '@questboard/shared/analytics-cohort-answers';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

export type AnalyticsParams = Record<string, string>;

/** One analytics call: its name in query keys and logs ('overview', 'players/ada'), its path and its answer's schema. */
export interface AnalyticsCall<S extends AnswerSchema> {
  name: string;
  path: string;
  answer: S;
}

export const pageCall = <S extends AnswerSchema>(projectId: string, page: AnalyticsPage, answer: S): AnalyticsCall<S> => ({
  name: page,
  path: apiPaths.analytics[page].url({ id: projectId }),
  answer,
});

// Query keys (STYLE.md: a key factory per entity). Project ids are UUIDs, so they scope the cache.
export const analyticsKeys = {
  all: ['analytics'] as const,
  project: (projectId: string) => [...analyticsKeys.all, projectId] as const,
  endpoint: (projectId: string, endpoint: string) => [...analyticsKeys.project(projectId), endpoint] as const,
  query: (projectId: string, endpoint: string, params: AnalyticsParams) =>
    [...analyticsKeys.endpoint(projectId, endpoint), params] as const,
};

/** Labels the failures of each endpoint in the console (the pattern of docs/product/rules-and-messages.md#errors). */
const labels: Record<AnalyticsPage, string> = {
  overview: API_LOG_LABELS.analyticsOverview,
  players: API_LOG_LABELS.analyticsPlayers,
  revenue: API_LOG_LABELS.analyticsRevenue,
  retention: API_LOG_LABELS.analyticsRetention,
  engagement: API_LOG_LABELS.analyticsEngagement,
  explore: API_LOG_LABELS.analyticsExplore,
  events: API_LOG_LABELS.eventCatalogue,
  filters: API_LOG_LABELS.analyticsFilters,
  levels: API_LOG_LABELS.analyticsLevels,
  economy: API_LOG_LABELS.analyticsEconomy,
};
const isPlayerCall = (name: string) => name.startsWith('players/');
const isPage = (name: string): name is AnalyticsPage => Object.hasOwn(labels, name);
const labelOf = (name: string) => (isPlayerCall(name) ? API_LOG_LABELS.analyticsPlayer : isPage(name) ? labels[name] : `Analytics ${name} failed`);

/** GET the call's path with the view's query; the answer is checked against the call's shared schema by the client. */
export function getAnalytics<S extends AnswerSchema>(call: AnalyticsCall<S>, params: AnalyticsParams, signal?: AbortSignal) {
  return callApi(
    labelOf(call.name),
    () => apiClient.get(call.path, call.answer, { query: params, signal }),
    // A player that sent no events is an answer (the page says so), not a failure.
    { ignore: (error) => isPlayerCall(call.name) && isApiError(error, 404) },
  );
}

/** How long an analytics answer counts as fresh: mounting a page within it asks nothing again. */
export const ANALYTICS_FRESH_MS = 5_000;

export function analyticsQueryOptions<S extends AnswerSchema>(projectId: string, call: AnalyticsCall<S>, params: AnalyticsParams) {
  return queryOptions({
    queryKey: analyticsKeys.query(projectId, call.name, params),
    queryFn: ({ signal }) => getAnalytics(call, params, signal),
    // An answer a few seconds old is not asked for again by a page mounting: the overview's calls start
    // before its page has rendered (prefetch-overview.ts, issue 20), and may have landed by then.
    staleTime: ANALYTICS_FRESH_MS,
    // A new view keeps the last answer of the same page on screen until its own arrives (no flash
    // of empty), but never shows another project's or another endpoint's figures.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId && previousQuery.queryKey[2] === call.name ? keepPreviousData(previous) : undefined,
  });
}

export interface AnalyticsQueryOptions {
  /** false: do not ask yet (e.g. no user id to look up). */
  enabled?: boolean;
}

/**
 * Any analytics call (`pageCall(projectId, 'overview', overviewSchema)`), `params` the query (usually
 * useAnalyticsView().apiParams, plus the page's own parameters).
 * While a new view loads, `data` is the previous view's and `isPlaceholderData` is true.
 */
export function useAnalytics<S extends AnswerSchema>(
  projectId: string,
  call: AnalyticsCall<S>,
  params: AnalyticsParams,
  { enabled = true }: AnalyticsQueryOptions = {},
) {
  return useQuery({ ...analyticsQueryOptions(projectId, call, params), enabled });
}

export const useOverview = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'overview', overviewSchema), params);

export const usePlayers = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'players', playersSchema), params);

/** One player's profile; not asked while `userId` is null. A 404 (no events) is isApiError(error, 404). */
export const usePlayer = (projectId: string, userId: string | null) =>
  useAnalytics(
    projectId,
    {
      name: `players/${encodeURIComponent(userId ?? '')}`,
      path: apiPaths.analytics.player.url({ id: projectId, userId: userId ?? '' }),
      answer: playerSchema,
    },
    {},
    { enabled: userId !== null && userId !== '' },
  );

export const useRevenue = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'revenue', revenueSchema), params);

/** params: the view's, plus mode (classic | rolling). */
export const useRetention = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'retention', retentionSchema), params);

export const useEngagement = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'engagement', engagementSchema), params);

/** params: the view's, plus event, measure, property and breakdown (empty ones left out). */
export const useExplore = (projectId: string, params: AnalyticsParams, options?: AnalyticsQueryOptions) =>
  useAnalytics(projectId, pageCall(projectId, 'explore', exploreSchema), params, options);

export const useEventCatalogue = (projectId: string, params: AnalyticsParams) =>
  useAnalytics(projectId, pageCall(projectId, 'events', eventCatalogueSchema), params);

/** The values seen in the range, for the filter menus: asked with the range only, not the filters. */
export const useFilterOptions = (projectId: string, range: { from: string; to: string }) =>
  useAnalytics(projectId, pageCall(projectId, 'filters', filterOptionsSchema), { from: range.from, to: range.to });
