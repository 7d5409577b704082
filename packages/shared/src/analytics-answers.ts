import { z } from 'zod';
import { excludedPurchasesSchema } from './money';
import { day, incompleteBuckets, point, rangeSchema } from './analytics-answer-parts';

// The answers of the overview, players, engagement, event list and filter menus (issue 8, ADR 010).

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

/** The values seen in the range, for the filter menus (most events first, at most 100 each). */
export const filterOptionsSchema = z
  .object({ platform: z.array(z.string()), country: z.array(z.string()), app_version: z.array(z.string()) })
  .meta({ id: 'AnalyticsFilterOptions' });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
