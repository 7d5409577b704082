import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { storedEventSchema } from './events';
import { excludedPurchasesSchema } from './money';

// Issue 8: the analytics pages' calls under /core/projects/{id}/analytics and the project dashboard.
// Everything that defines a view (docs/product/metrics.md#the-view) is a query parameter, so the web app keeps
// it in its own URL and sends it unchanged. Days are UTC calendar days; `to` is inclusive.

export const granularities = ['day', 'week', 'month'] as const;
export type Granularity = (typeof granularities)[number];

/** The attributes a view can be filtered and broken down by. */
export const filterDimensions = ['platform', 'country', 'app_version'] as const;
export type FilterDimension = (typeof filterDimensions)[number];

/** The longest date range one query covers (as far back as ingestion accepts events). */
export const ANALYTICS_MAX_RANGE_DAYS = 400;
/** Values one filter may list. */
export const FILTER_MAX_VALUES = 20;
/** Classic and rolling retention and cumulative LTV run from day 0 to this day. */
export const RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date as YYYY-MM-DD`, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: `${name} must be a real calendar date`,
      abort: true,
    });

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const filterValue = /^[^\u0000-\u001F\u007F,]{1,64}$/u;

const filterItem = (dimension: FilterDimension) =>
  z
    .string()
    .regex(filterValue, { error: `each ${dimension} value must be 1 to 64 characters without commas`, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage(`each ${dimension} value`) });

/** A filter in a query string: comma-separated values ('ios,android'); empty means no filter. */
const filterList = (dimension: FilterDimension) =>
  z
    .string()
    .max(2000, { error: `${dimension} lists too many values` })
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .pipe(
      z
        .array(filterItem(dimension))
        .max(FILTER_MAX_VALUES, { error: `${dimension} may list at most ${FILTER_MAX_VALUES} values` }),
    )
    .describe(`only events whose ${dimension} is one of these comma-separated values; empty: all`);

export const rangeMessages = {
  order: 'from must not be after to',
  tooLong: `The date range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
} as const;

const viewShape = {
  from: isoDay('from').describe('first UTC day of the range'),
  to: isoDay('to').describe('last UTC day of the range (inclusive)'),
  granularity: z.enum(granularities, { error: 'granularity must be day, week or month' }).default('day'),
  platform: filterList('platform'),
  country: filterList('country'),
  app_version: filterList('app_version'),
};

function checkRange(view: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = rangeDays(view);
  if (days < 1) ctx.addIssue({ code: 'custom', message: rangeMessages.order, path: ['from'] });
  else if (days > ANALYTICS_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: rangeMessages.tooLong, path: ['to'] });
}

/** Days in the range, both ends included (0 or less when from is after to). */
export function rangeDays(view: { from: string; to: string }): number {
  return Math.round((Date.parse(`${view.to}T00:00:00Z`) - Date.parse(`${view.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of the same length just before this one (what the overview compares against). */
export function previousRange(view: { from: string; to: string }): { from: string; to: string } {
  const days = rangeDays(view);
  const from = Date.parse(`${view.from}T00:00:00Z`);
  return { from: isoDate(new Date(from - days * DAY_MS)), to: isoDate(new Date(from - DAY_MS)) };
}

/**
 * The days the overview's cards cover and the range they are compared with (ADR 010 "Incomplete
 * buckets"): only complete days, so a part of today never meets a whole day. A range reaching today
 * covers its days before today; a range of today (or later) only has figures so far and no comparison.
 */
export function overviewRanges(view: { from: string; to: string }, today: string): { cardRange: { from: string; to: string }; previousRange: { from: string; to: string } | null } {
  if (view.to < today) return { cardRange: { from: view.from, to: view.to }, previousRange: previousRange(view) };
  if (view.from >= today) return { cardRange: { from: view.from, to: view.to }, previousRange: null };
  const cardRange = { from: view.from, to: isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS)) };
  return { cardRange, previousRange: previousRange(cardRange) };
}

export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const analyticsQuerySchema = z.object(viewShape).superRefine(checkRange);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
/** A view as the web app writes it (filters still comma-separated). */
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

export type AnalyticsFilters = Pick<AnalyticsQuery, FilterDimension>;

export const retentionModes = ['classic', 'rolling'] as const;
export type RetentionMode = (typeof retentionModes)[number];

export const retentionQuerySchema = z
  .object({ ...viewShape, mode: z.enum(retentionModes, { error: 'mode must be classic or rolling' }).default('classic') })
  .superRefine(checkRange);
export type RetentionQuery = z.output<typeof retentionQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Explorer

export const exploreMeasures = ['count', 'users', 'sum', 'average'] as const;
export type ExploreMeasure = (typeof exploreMeasures)[number];
export const exploreBreakdowns = ['none', 'name', ...filterDimensions] as const;
export type ExploreBreakdown = (typeof exploreBreakdowns)[number];
export const chartTypes = ['line', 'bar', 'table'] as const;
export type ChartType = (typeof chartTypes)[number];
/** Breakdown values shown at most; the rest are summed into 'Other' (count and sum only). */
export const EXPLORE_MAX_SERIES = 10;
/** The event's own revenue_amount field, usable wherever a numeric property is. */
export const REVENUE_PROPERTY = 'revenue_amount';

export const eventNameParam = z
  .string()
  .max(128, { error: 'event must be at most 128 characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('event') })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe('the event name; empty: every event');

export const propertyKeyParam = z
  .string()
  .max(64, { error: 'property must be at most 64 characters' })
  .regex(/^[A-Za-z0-9_.\-$ ]*$/, { error: 'property must be a property key (letters, digits, _ . - $ and spaces)' })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe(`a numeric property key (or ${REVENUE_PROPERTY}) for sum and average`);

/** What an explorer chart asks; also what a pinned dashboard chart stores (without the range). */
const exploreShape = {
  event: eventNameParam,
  measure: z.enum(exploreMeasures, { error: 'measure must be count, users, sum or average' }).default('count'),
  property: propertyKeyParam,
  breakdown: z.enum(exploreBreakdowns, { error: 'breakdown must be none, name, platform, country or app_version' }).default('none'),
};

export const propertyRequiredMessage = 'Choose a numeric property to sum or average';

function checkExplore(query: { measure: ExploreMeasure; property: string | null }, ctx: z.RefinementCtx) {
  if ((query.measure === 'sum' || query.measure === 'average') && query.property === null) {
    ctx.addIssue({ code: 'custom', message: propertyRequiredMessage, path: ['property'] });
  }
}

export const exploreQuerySchema = z
  .object({ ...viewShape, ...exploreShape })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkExplore(query, ctx);
  });
export type ExploreQuery = z.output<typeof exploreQuerySchema>;
export type ExploreQueryInput = z.input<typeof exploreQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const day = z.iso.date();
const point = z.object({ date: day.describe('first day of the bucket'), value: z.number().nullable() });
export type SeriesPoint = z.infer<typeof point>;

const rangeSchema = z.object({ from: day, to: day });

/** ADR 010 "Incomplete buckets": the series answers say which of their buckets are not whole. */
const incompleteBuckets = z
  .array(day)
  .describe('labels of the buckets not over yet (today, this week) or cut by the range: their figures are so far');

/** The one set of cohorts a curve follows from day 0 to its last day (ADR 010 "Curves"). */
const curveCohorts = z
  .object({
    from: day.describe('first install day of the cohorts the curve follows'),
    to: day.describe('last install day of them: every one has reached lastDay'),
    users: z.number().int().describe('their installed users, the denominator of every point'),
    lastDay: z.number().int().describe('the last day since install the curve reaches; later points are null'),
  })
  .nullable()
  .describe('null: no cohort has reached day 0 yet');
export type CurveCohorts = z.infer<typeof curveCohorts>;

export const overviewMetricKeys = [
  'dau',
  'new-users',
  'mau',
  'sessions',
  'session-length',
  'revenue',
  'arpdau',
  'd1-retention',
  'd7-retention',
] as const;
export type OverviewMetricKey = (typeof overviewMetricKeys)[number];

export const overviewSchema = z
  .object({
    range: rangeSchema,
    cardRange: rangeSchema.describe("the days the cards' figures cover: the range's complete days (see overviewRanges)"),
    previousRange: rangeSchema.nullable().describe('what the cards are compared with; null: no complete day to compare yet'),
    incomplete: incompleteBuckets,
    currency: z.string().describe("the project's reporting currency: revenue and ARPDAU are in it (ADR 011)"),
    excludedPurchases: excludedPurchasesSchema,
    cards: z.array(
      z.object({
        key: z.enum(overviewMetricKeys),
        value: z.number().nullable().describe('null: nothing to compute it from (no users, no cohort old enough)'),
        previous: z.number().nullable().describe('the same figure over the previous range'),
        // The series covers the whole range, today so far included (marked in `incomplete`).
        series: z.array(point),
      }),
    ),
    totalEvents: z.number().int().describe('events in the range (matching the filters)'),
    topEvents: z
      .array(z.object({ name: z.string(), count: z.number().int() }))
      .describe('the 10 most frequent event names of the range; the event list has their users'),
  })
  .meta({ id: 'AnalyticsOverview' });
export type Overview = z.infer<typeof overviewSchema>;

const breakdownRow = z.object({
  value: z.string().nullable().describe('null: events that did not say'),
  users: z.number().int(),
  newUsers: z.number().int(),
  events: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const playersSchema = z
  .object({
    totals: z.object({
      activeUsers: z.number().int().describe('distinct users with an event in the range'),
      newUsers: z.number().int(),
      returningUsers: z.number().int().describe('active users of the range who installed before it'),
      averageDau: z.number().nullable(),
      stickiness: z.number().nullable().describe('average DAU / MAU on the last day'),
    }),
    series: z.array(
      z.object({
        date: day,
        dau: z.number().describe('average DAU of the bucket'),
        wau: z.number().int().describe('WAU on the last day of the bucket'),
        mau: z.number().int().describe('MAU on the last day of the bucket'),
        stickiness: z.number().nullable().describe('average of DAU / MAU over the bucket days'),
        activeUsers: z.number().int().describe('distinct users in the bucket'),
        newUsers: z.number().int(),
        returningUsers: z.number().int(),
      }),
    ),
    breakdowns: z.object({ platform: z.array(breakdownRow), country: z.array(breakdownRow), app_version: z.array(breakdownRow) }),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsPlayers' });
export type Players = z.infer<typeof playersSchema>;

export const playerParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  userId: z
    .string()
    .min(1, { error: 'Enter a user id', abort: true })
    .max(128, { error: 'A user id has at most 128 characters', abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('A user id') }),
});

export const PLAYER_EVENTS_LIMIT = 200;
export const PLAYER_SESSIONS_LIMIT = 50;

export const playerSchema = z
  .object({
    userId: z.string(),
    firstSeen: z.iso.datetime(),
    lastSeen: z.iso.datetime(),
    events: z.number().int(),
    sessions: z.number().int(),
    revenue: z.number().describe('in the reporting currency, purchases without a rate left out'),
    purchases: z.number().int().describe('purchases counted in revenue (amount above 0, convertible)'),
    currency: z.string().describe("the project's reporting currency"),
    excludedPurchases: excludedPurchasesSchema,
    platform: z.string().nullable().describe('of the latest event'),
    country: z.string().nullable(),
    appVersion: z.string().nullable(),
    demo: z.boolean(),
    recentSessions: z.array(
      z.object({ sessionId: z.string().nullable().describe('null: a session made by the 30-minute gap rule'), start: z.iso.datetime(), end: z.iso.datetime(), events: z.number().int(), lengthSeconds: z.number() }),
    ),
    recentEvents: z.array(storedEventSchema).describe(`the latest ${PLAYER_EVENTS_LIMIT} events, newest first`),
  })
  .meta({ id: 'AnalyticsPlayer' });
export type Player = z.infer<typeof playerSchema>;

const cohortRow = z.object({
  cohort: day.describe('first install day of the cohort bucket'),
  size: z.number().int(),
  values: z.array(z.number().nullable()).describe('day 0 to 30; null where that day has not been reached yet'),
});
export type CohortRow = z.infer<typeof cohortRow>;

export const revenueSchema = z
  .object({
    currency: z.string().describe("the project's reporting currency: every amount is in it (ADR 011)"),
    excludedPurchases: excludedPurchasesSchema,
    totals: z.object({
      revenue: z.number(),
      transactions: z.number().int(),
      payingUsers: z.number().int(),
      activeUsers: z.number().int(),
      arpdau: z.number().nullable(),
      arppu: z.number().nullable(),
      payingConversion: z.number().nullable(),
    }),
    series: z.array(
      z.object({
        date: day,
        revenue: z.number(),
        transactions: z.number().int(),
        payingUsers: z.number().int(),
        arpdau: z.number().nullable(),
      }),
    ),
    topProducts: z.array(z.object({ productId: z.string().nullable(), revenue: z.number(), transactions: z.number().int(), buyers: z.number().int() })),
    ltv: z.object({
      cohorts: z.array(cohortRow).describe('cumulative revenue per installed user, by day since install'),
      average: z.array(z.number().nullable()).describe('the cohorts of averageCohorts together, day 0 to its lastDay'),
      averageCohorts: curveCohorts,
    }),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsRevenue' });
export type Revenue = z.infer<typeof revenueSchema>;

export const retentionSchema = z
  .object({
    mode: z.enum(retentionModes),
    cohorts: z.array(cohortRow).describe('share of the cohort retained on each day, 0 to 1'),
    curve: z.array(z.object({ day: z.number().int(), rate: z.number().nullable(), cohortUsers: z.number().int() })),
    curveCohorts,
  })
  .meta({ id: 'AnalyticsRetention' });
export type Retention = z.infer<typeof retentionSchema>;

/** Session length buckets of the distribution, in seconds: [from, to). */
export const sessionLengthBuckets = [
  { label: 'Under 10 s', min: 0, max: 10 },
  { label: '10–30 s', min: 10, max: 30 },
  { label: '30 s–1 min', min: 30, max: 60 },
  { label: '1–3 min', min: 60, max: 180 },
  { label: '3–10 min', min: 180, max: 600 },
  { label: '10–30 min', min: 600, max: 1800 },
  { label: '30–60 min', min: 1800, max: 3600 },
  { label: '1 h or more', min: 3600, max: null },
] as const;

export const engagementSchema = z
  .object({
    totals: z.object({
      sessions: z.number().int(),
      averageSessionLength: z.number().nullable().describe('seconds'),
      medianSessionLength: z.number().nullable().describe('seconds'),
      sessionsPerDau: z.number().nullable().describe('sessions / summed DAU'),
    }),
    series: z.array(
      z.object({ date: day, sessions: z.number().int(), sessionsPerDau: z.number().nullable(), averageSessionLength: z.number().nullable() }),
    ),
    sessionLength: z.array(z.object({ label: z.string(), minSeconds: z.number(), maxSeconds: z.number().nullable(), sessions: z.number().int() })),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsEngagement' });
export type Engagement = z.infer<typeof engagementSchema>;

export const exploreSchema = z
  .object({
    series: z.array(
      z.object({
        key: z.string().nullable().describe("the breakdown value; null: not set; 'Other' sums the rest"),
        label: z.string(),
        total: z.number().nullable(),
        points: z.array(point),
      }),
    ),
    truncated: z.boolean().describe(`more than ${EXPLORE_MAX_SERIES} breakdown values`),
    incomplete: incompleteBuckets,
    currency: z.string().nullable().describe(`the reporting currency when measuring ${REVENUE_PROPERTY}; null otherwise`),
    excludedPurchases: excludedPurchasesSchema,
  })
  .meta({ id: 'AnalyticsExplore' });
export type Explore = z.infer<typeof exploreSchema>;

export const eventCatalogueSchema = z
  .object({
    events: z.array(
      z.object({
        name: z.string(),
        count: z.number().int(),
        users: z.number().int(),
        lastSeen: z.iso.datetime(),
        propertyKeys: z.array(z.string()).describe('keys seen in the properties of these events (sampled)'),
      }),
    ),
  })
  .meta({ id: 'AnalyticsEventCatalogue' });
export type EventCatalogue = z.infer<typeof eventCatalogueSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard: charts pinned from the explorer, per project, in the order the user set.

export const DASHBOARD_MAX_CHARTS = 24;
export const chartTitleMessages = { required: 'Chart title is required', tooLong: 'Chart title must be at most 80 characters' } as const;

/** What a pinned chart stores: the explorer query without the date range (the dashboard's applies). */
export const pinnedQuerySchema = z
  .object({
    ...exploreShape,
    granularity: viewShape.granularity,
    platform: z.array(filterItem('platform')).max(FILTER_MAX_VALUES).default([]),
    country: z.array(filterItem('country')).max(FILTER_MAX_VALUES).default([]),
    app_version: z.array(filterItem('app_version')).max(FILTER_MAX_VALUES).default([]),
  })
  .superRefine(checkExplore);
export type PinnedQuery = z.output<typeof pinnedQuerySchema>;

export const dashboardChartSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    chartType: z.enum(chartTypes),
    query: z.object({
      event: z.string().nullable(),
      measure: z.enum(exploreMeasures),
      property: z.string().nullable(),
      breakdown: z.enum(exploreBreakdowns),
      granularity: z.enum(granularities),
      platform: z.array(z.string()),
      country: z.array(z.string()),
      app_version: z.array(z.string()),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DashboardChart' });
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardSchema = z.object({ charts: z.array(dashboardChartSchema) }).meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const createChartBodySchema = z.object({
  title: z
    .string({ error: chartTitleMessages.required })
    .trim()
    .min(1, { error: chartTitleMessages.required, abort: true })
    .max(80, { error: chartTitleMessages.tooLong, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('The title') }),
  chartType: z.enum(chartTypes, { error: 'chartType must be line, bar or table' }),
  query: pinnedQuerySchema,
});
export type CreateChartBody = z.input<typeof createChartBodySchema>;

export const chartOrderBodySchema = z.object({
  chartIds: z.array(z.uuid({ error: 'chartIds must be chart ids' })).max(DASHBOARD_MAX_CHARTS),
});
export type ChartOrderBody = z.infer<typeof chartOrderBodySchema>;

export const chartParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  chartId: z.uuid({ error: 'chartId must be a chart id (a UUID)' }),
});

/** The values seen in the range, for the filter menus (most events first, at most 100 each). */
export const filterOptionsSchema = z
  .object({ platform: z.array(z.string()), country: z.array(z.string()), app_version: z.array(z.string()) })
  .meta({ id: 'AnalyticsFilterOptions' });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

export const analyticsErrorCodes = {
  playerNotFound: 'PLAYER_NOT_FOUND',
  chartNotFound: 'CHART_NOT_FOUND',
  dashboardFull: 'DASHBOARD_FULL',
  chartOrderMismatch: 'CHART_ORDER_MISMATCH',
} as const;

export const analyticsMessages = {
  playerNotFound: 'No player with this user id has sent events',
  chartNotFound: 'This chart is no longer on the dashboard',
  dashboardFull: `A dashboard holds at most ${DASHBOARD_MAX_CHARTS} charts: remove one first`,
  chartOrderMismatch: "The order must list every chart of the dashboard once; reload the dashboard and try again",
} as const;
