// The analytics pages' calls (GET /core/projects/{id}/analytics/...), through the one HTTP client.
// Every answer is checked against its shared schema, so a page never renders a shape it does not
// know. The view's query (the URL's range, granularity and filters) is part of each query key.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Explore, exploreSchema } from '@questboard/shared/analytics-explore';
import {
  type Engagement,
  type EventCatalogue,
  type FilterOptions,
  type Overview,
  type Players,
  engagementSchema,
  eventCatalogueSchema,
  filterOptionsSchema,
  overviewSchema,
  playersSchema,
} from '@questboard/shared/analytics-answers';
import { type Player, playerSchema } from '@questboard/shared/analytics-player';
import { type Retention, type Revenue, retentionSchema, revenueSchema } from '@questboard/shared/analytics-cohort-answers';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

export type AnalyticsParams = Record<string, string>;

/** A zod schema (anything with parse) or a function that checks an answer and returns it typed. */
export type AnswerParser<T> = { parse: (data: unknown) => T } | ((data: unknown) => T);

export const projectPath = (projectId: string) => `/core/projects/${encodeURIComponent(projectId)}`;

// Query keys (STYLE.md: a key factory per entity). Project ids are UUIDs, so they scope the cache.
export const analyticsKeys = {
  all: ['analytics'] as const,
  project: (projectId: string) => [...analyticsKeys.all, projectId] as const,
  endpoint: (projectId: string, endpoint: string) => [...analyticsKeys.project(projectId), endpoint] as const,
  query: (projectId: string, endpoint: string, params: AnalyticsParams) =>
    [...analyticsKeys.endpoint(projectId, endpoint), params] as const,
};

/** Labels the failures of each endpoint in the console (the pattern of docs/product/rules-and-messages.md#errors). */
const labels: Record<string, string> = {
  overview: API_LOG_LABELS.analyticsOverview,
  players: API_LOG_LABELS.analyticsPlayers,
  revenue: API_LOG_LABELS.analyticsRevenue,
  retention: API_LOG_LABELS.analyticsRetention,
  engagement: API_LOG_LABELS.analyticsEngagement,
  explore: API_LOG_LABELS.analyticsExplore,
  events: API_LOG_LABELS.eventCatalogue,
  filters: API_LOG_LABELS.analyticsFilters,
};
const labelOf = (endpoint: string) => labels[endpoint] ?? (endpoint.startsWith('players/') ? API_LOG_LABELS.analyticsPlayer : `Analytics ${endpoint} failed`);

/** Said when an answer does not have the shape of its schema (a server of another version). */
export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer this page cannot read. Reload the page, or try again later.';

function parseWith<T>(parser: AnswerParser<T>, data: unknown): T {
  try {
    return typeof parser === 'function' ? parser(data) : parser.parse(data);
  } catch (cause) {
    throw new Error(UNEXPECTED_ANSWER_MESSAGE, { cause });
  }
}

/** GET /core/projects/{id}/analytics/{endpoint}?{params}, checked by `parser`. */
export function getAnalytics<T>(projectId: string, endpoint: string, params: AnalyticsParams, parser: AnswerParser<T>, signal?: AbortSignal) {
  return callApi(
    labelOf(endpoint),
    async () => parseWith(parser, await apiClient.get(`${projectPath(projectId)}/analytics/${endpoint}`, { query: params, signal })),
    // A player that sent no events is an answer (the page says so), not a failure.
    { ignore: (error) => endpoint.startsWith('players/') && isApiError(error, 404) },
  );
}

export function analyticsQueryOptions<T>(projectId: string, endpoint: string, params: AnalyticsParams, parser: AnswerParser<T>) {
  return queryOptions({
    queryKey: analyticsKeys.query(projectId, endpoint, params),
    queryFn: ({ signal }) => getAnalytics(projectId, endpoint, params, parser, signal),
    // A new view keeps the last answer of the same page on screen until its own arrives (no flash
    // of empty), but never shows another project's or another endpoint's figures.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId && previousQuery.queryKey[2] === endpoint ? keepPreviousData(previous) : undefined,
  });
}

export interface AnalyticsQueryOptions {
  /** false: do not ask yet (e.g. no user id to look up). */
  enabled?: boolean;
}

/**
 * Any analytics endpoint: `endpoint` is the path after /analytics/ ('overview', 'players/ada'),
 * `params` the query (usually useAnalyticsView().apiParams, plus the page's own parameters).
 * While a new view loads, `data` is the previous view's and `isPlaceholderData` is true.
 */
export function useAnalytics<T>(
  projectId: string,
  endpoint: string,
  params: AnalyticsParams,
  parser: AnswerParser<T>,
  { enabled = true }: AnalyticsQueryOptions = {},
) {
  return useQuery({ ...analyticsQueryOptions(projectId, endpoint, params, parser), enabled });
}

export const useOverview = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<Overview>(projectId, 'overview', params, overviewSchema);

export const usePlayers = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<Players>(projectId, 'players', params, playersSchema);

/** One player's profile; not asked while `userId` is null. A 404 (no events) is isApiError(error, 404). */
export const usePlayer = (projectId: string, userId: string | null) =>
  useAnalytics<Player>(projectId, `players/${encodeURIComponent(userId ?? '')}`, {}, playerSchema, { enabled: userId !== null && userId !== '' });

export const useRevenue = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<Revenue>(projectId, 'revenue', params, revenueSchema);

/** params: the view's, plus mode (classic | rolling). */
export const useRetention = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<Retention>(projectId, 'retention', params, retentionSchema);

export const useEngagement = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<Engagement>(projectId, 'engagement', params, engagementSchema);

/** params: the view's, plus event, measure, property and breakdown (empty ones left out). */
export const useExplore = (projectId: string, params: AnalyticsParams, options?: AnalyticsQueryOptions) =>
  useAnalytics<Explore>(projectId, 'explore', params, exploreSchema, options);

export const useEventCatalogue = (projectId: string, params: AnalyticsParams) =>
  useAnalytics<EventCatalogue>(projectId, 'events', params, eventCatalogueSchema);

/** The values seen in the range, for the filter menus: asked with the range only, not the filters. */
export const useFilterOptions = (projectId: string, range: { from: string; to: string }) =>
  useAnalytics<FilterOptions>(projectId, 'filters', { from: range.from, to: range.to }, filterOptionsSchema);
