// The analytics pages' calls, kept in memory behind the real local test server (testing/
// app-api-server.ts): the pages' real HTTP client talks to it (docs/decisions/006). It follows the
// server's contract (packages/shared/src/analytics-*.ts): queries are checked with the shared schemas
// (400 VALIDATION_FAILED like the server), and every answer is checked against its schema before
// it is sent, so a fixture that drifts from the contract fails the test (console.error).
import { analyticsQuerySchema, retentionQuerySchema } from '@questboard/shared/analytics-view';
import { exploreQuerySchema, exploreSchema } from '@questboard/shared/analytics-explore';
import {
  engagementSchema,
  eventCatalogueSchema,
  filterOptionsSchema,
  overviewSchema,
  playersSchema,
} from '@questboard/shared/analytics-answers';
import { playerSchema } from '@questboard/shared/analytics-player';
import { retentionSchema, revenueSchema } from '@questboard/shared/analytics-cohort-answers';
import {
  DASHBOARD_MAX_CHARTS,
  type Dashboard,
  type DashboardChart,
  chartOrderBodySchema,
  createChartBodySchema,
  dashboardChartSchema,
  dashboardSchema,
} from '@questboard/shared/analytics-dashboard';
import { type LatestEvents, latestEventsSchema } from '@questboard/shared/developer';
import type { Project } from '@questboard/shared/projects';

import type { RecordedRequest, ReplyScript, ScriptedReply } from '../../../testing/http-test-server';
import {
  type StandInQuery,
  emptyOverview,
  sampleEngagement,
  sampleEventCatalogue,
  sampleExplore,
  sampleFilterOptions,
  sampleOverview,
  samplePlayer,
  samplePlayers,
  sampleRetention,
  sampleRevenue,
} from './analytics-sample-answers';

/** The project of the analytics tests; its address name is its identifier. */
export const dragonQuest: Project = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Dragon Quest Mobile',
  description: 'An RPG',
  identifier: 'dragon-quest-mobile',
  createdAt: '2026-01-04T10:00:00.000Z',
  updatedAt: '2026-01-04T10:00:00.000Z',
};

/** Endpoints under /core/projects/{id}/analytics/ (players/{userId} is 'player'). */
export type AnalyticsEndpoint = 'overview' | 'players' | 'player' | 'revenue' | 'retention' | 'engagement' | 'explore' | 'events' | 'filters';

type Answer = (query: StandInQuery, request: RecordedRequest) => unknown;

const schemas = {
  overview: { query: analyticsQuerySchema, answer: overviewSchema },
  players: { query: analyticsQuerySchema, answer: playersSchema },
  revenue: { query: analyticsQuerySchema, answer: revenueSchema },
  retention: { query: retentionQuerySchema, answer: retentionSchema },
  engagement: { query: analyticsQuerySchema, answer: engagementSchema },
  explore: { query: exploreQuerySchema, answer: exploreSchema },
  events: { query: analyticsQuerySchema, answer: eventCatalogueSchema },
  filters: { query: analyticsQuerySchema, answer: filterOptionsSchema },
} as const;

type Reply = Exclude<ScriptedReply, string>;

const error = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

function checked(schema: { safeParse: (data: unknown) => { success: boolean; error?: unknown } }, what: string, body: unknown): Reply {
  const result = schema.safeParse(body);
  if (!result.success) {
    console.error(`Stand-in answer for ${what} does not match its schema`, result.error);
    return error(500, 'STAND_IN_SCHEMA', `Stand-in answer for ${what} does not match its schema`);
  }
  return { body };
}

export interface AnalyticsApiOptions {
  /** Answer as for a project without events in any range. */
  empty?: boolean;
}

/**
 * A stand-in for /core/projects/{id}/analytics/*, the dashboard and /events/latest. Hand `script`
 * to server.script(). Answers default to the samples of analytics-sample-answers.ts.
 */
export function createAnalyticsApi(project: Project = dragonQuest, { empty = false }: AnalyticsApiOptions = {}) {
  const answers: Record<AnalyticsEndpoint, Answer> = {
    overview: (query) => (empty ? emptyOverview(query) : sampleOverview(query)),
    players: (query) => samplePlayers(query, empty),
    player: () => undefined,
    revenue: (query) => sampleRevenue(query, empty),
    retention: (query) => sampleRetention(query, empty),
    engagement: (query) => sampleEngagement(query, empty),
    explore: (query) => sampleExplore(query, empty),
    events: () => sampleEventCatalogue(empty),
    filters: () => sampleFilterOptions(empty),
  };
  const players = new Map(empty ? [] : [['ada', samplePlayer('ada')]]);
  const calls: { endpoint: string; query: Record<string, string> }[] = [];
  const failing = new Set<string>();
  const delayed = new Map<string, Promise<void>>();
  const dashboard: Dashboard = { charts: [] };
  const latest: LatestEvents = { events: [], summary: { totalEvents: 0, demoEvents: 0, lastReceivedAt: null } };
  const base = `/core/projects/${project.id}`;

  const analytics = async (endpoint: string, request: RecordedRequest): Promise<ScriptedReply> => {
    const url = new URL(request.path, 'http://stand-in');
    const raw = Object.fromEntries(url.searchParams);
    calls.push({ endpoint, query: raw });
    await delayed.get(endpoint);
    if (failing.has(endpoint)) return error(500, 'INTERNAL', 'Something broke on the server.');
    if (endpoint.startsWith('players/')) {
      const userId = decodeURIComponent(endpoint.slice('players/'.length));
      const player = players.get(userId);
      if (!player) return error(404, 'PLAYER_NOT_FOUND', 'No player with this user id has sent events');
      return checked(playerSchema, endpoint, player);
    }
    const contract = schemas[endpoint as keyof typeof schemas] as (typeof schemas)[keyof typeof schemas] | undefined;
    if (!contract) return error(404, 'NOT_FOUND', `No stand-in for analytics/${endpoint}`);
    const parsed = contract.query.safeParse(raw);
    if (!parsed.success) return error(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid query');
    const query: StandInQuery = { ...(parsed.data as Omit<StandInQuery, 'raw'>), raw };
    return checked(contract.answer, endpoint, answers[endpoint as AnalyticsEndpoint](query, request));
  };

  const dashboardCall = (call: string, request: RecordedRequest): ScriptedReply | null => {
    if (call === `GET ${base}/dashboard`) return checked(dashboardSchema, 'dashboard', dashboard);
    if (call === `POST ${base}/dashboard/charts`) {
      const parsed = createChartBodySchema.safeParse(JSON.parse(request.body || '{}'));
      if (!parsed.success) return error(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid chart');
      if (dashboard.charts.length >= DASHBOARD_MAX_CHARTS) {
        return error(409, 'DASHBOARD_FULL', `A dashboard holds at most ${DASHBOARD_MAX_CHARTS} charts. Remove one first.`);
      }
      const chart: DashboardChart = { id: crypto.randomUUID(), ...parsed.data, createdAt: new Date().toISOString() };
      dashboard.charts.push(chart);
      return { ...checked(dashboardChartSchema, 'dashboard chart', chart), status: 201 };
    }
    if (call === `PUT ${base}/dashboard/order`) {
      const parsed = chartOrderBodySchema.safeParse(JSON.parse(request.body || '{}'));
      const ids = dashboard.charts.map((chart) => chart.id);
      if (!parsed.success || parsed.data.chartIds.length !== ids.length || !ids.every((id) => parsed.data.chartIds.includes(id))) {
        return error(400, 'VALIDATION_FAILED', 'chartIds must list every chart of the dashboard once');
      }
      dashboard.charts = parsed.data.chartIds.flatMap((id) => dashboard.charts.filter((chart) => chart.id === id));
      return checked(dashboardSchema, 'dashboard', dashboard);
    }
    const removal = new RegExp(`^DELETE ${base}/dashboard/charts/([^/]+)$`, 'u').exec(call);
    if (removal) {
      const index = dashboard.charts.findIndex((chart) => chart.id === removal[1]);
      if (index === -1) return error(404, 'CHART_NOT_FOUND', 'This chart is no longer on the dashboard');
      dashboard.charts.splice(index, 1);
      return { status: 204 };
    }
    return null;
  };

  const script: ReplyScript = async (request) => {
    const path = new URL(request.path, 'http://stand-in').pathname;
    const call = `${request.method} ${path}`;
    await delayed.get(call);
    if (failing.has(call)) return error(500, 'INTERNAL', 'Something broke on the server.');
    if (request.method === 'GET' && path.startsWith(`${base}/analytics/`)) return analytics(path.slice(`${base}/analytics/`.length), request);
    if (call === `GET ${base}/events/latest`) {
      const limit = Number(new URL(request.path, 'http://stand-in').searchParams.get('limit') ?? 20);
      calls.push({ endpoint: 'events/latest', query: Object.fromEntries(new URL(request.path, 'http://stand-in').searchParams) });
      return checked(latestEventsSchema, 'events/latest', { ...latest, events: latest.events.slice(0, limit) });
    }
    return dashboardCall(call, request) ?? error(404, 'NOT_FOUND', `No stand-in for ${call}`);
  };

  return {
    script,
    project,
    /** Replaces an endpoint's answer: a value, or a function of the asked view. */
    answer(endpoint: AnalyticsEndpoint, answer: unknown) {
      answers[endpoint] = typeof answer === 'function' ? (answer as Answer) : () => answer;
    },
    /** Adds (or replaces) a player that GET analytics/players/{userId} finds. */
    addPlayer: (player: ReturnType<typeof samplePlayer>) => players.set(player.userId, player),
    /** The queries sent to an endpoint ('overview', 'players/ada', 'events/latest'...), in order. */
    queries: (endpoint: string) => calls.filter((call) => call.endpoint === endpoint).map((call) => call.query),
    /** The latest query sent to an endpoint. */
    lastQuery: (endpoint: string) => calls.filter((call) => call.endpoint === endpoint).at(-1)?.query,
    /** Answers 500 to an analytics endpoint ('overview') or any `METHOD /path` until told otherwise. */
    fail(endpointOrCall: string, on = true) {
      if (on) failing.add(endpointOrCall);
      else failing.delete(endpointOrCall);
    },
    /** Holds an analytics endpoint's ('overview') or any `METHOD /path`'s answers until the returned release() (to see loading, placeholder and optimistic states). */
    hold(endpoint: string) {
      let release: () => void = () => undefined;
      delayed.set(endpoint, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        delayed.delete(endpoint);
        release();
      };
    },
    /** The dashboard's charts, as stored (B's tests read and seed it). */
    dashboard,
    /** What GET /events/latest answers; push events (newest first) to feed the live stream. */
    latest,
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;
