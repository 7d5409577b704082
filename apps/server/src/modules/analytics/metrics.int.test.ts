import {
  analyticsQuerySchema,
  RETENTION_DAYS,
  retentionQuerySchema,
  type AnalyticsQuery,
  type AnalyticsQueryInput,
  type RetentionQuery,
} from '@questboard/shared/analytics-view';
import {
  exploreQuerySchema,
  exploreSchema,
  type ExploreQuery,
  type ExploreQueryInput,
} from '@questboard/shared/analytics-explore';
import {
  engagementSchema,
  eventCatalogueSchema,
  filterOptionsSchema,
  overviewSchema,
  playersSchema,
  sessionLengthBuckets,
} from '@questboard/shared/analytics-answers';
import { playerSchema } from '@questboard/shared/analytics-player';
import { retentionSchema, revenueSchema } from '@questboard/shared/analytics-cohort-answers';
import type { StoredEvent } from '@questboard/shared/events';
import { describe, expect, it } from 'vitest';
import { eventStoreTargets, openTestEventStore } from '../../../test/event-stores';
import type { z } from 'zod';
import { firstDifference, referenceMetrics } from '../../../test/reference-metrics';
import type { NewEvent } from '../events/event-store';
import type { ProjectMoney } from '@questboard/shared/money';
import type { ProjectMetrics } from './project-metrics';

// Every metric of ADR 010 on small datasets whose answers are worked out by hand (the comment of each
// case shows the working). Each case runs against the reference implementation, the DuckDB store and
// the ClickHouse store (issue 18: the same cases, unchanged, on both stores).

const projectId = '0a7c5e11-8888-4888-8888-000000000010';
const receivedAt = new Date('2026-04-01T00:00:00Z');

/** Reported in USD; EUR at par keeps the sums of the cases worked out before currencies converted. */
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 1 } };

let sequence = 0;
function event(userId: string, timestamp: string, fields: Partial<NewEvent> = {}): NewEvent {
  sequence += 1;
  return { insert_id: `ev-${String(sequence).padStart(4, '0')}`, name: 'play', user_id: userId, timestamp, receivedAt, demo: false, ...fields };
}

function purchase(userId: string, timestamp: string, amount: number, fields: Partial<NewEvent> = {}): NewEvent {
  return event(userId, timestamp, { name: 'purchase', revenue_amount: amount, currency: 'USD', ...fields });
}

const view = (from: string, to: string, more: Partial<AnalyticsQueryInput> = {}): AnalyticsQuery =>
  analyticsQuerySchema.parse({ from, to, ...more });
const retentionView = (from: string, to: string, more: Record<string, string> = {}): RetentionQuery =>
  retentionQuerySchema.parse({ from, to, ...more });
const exploreView = (from: string, to: string, more: Partial<ExploreQueryInput> = {}): ExploreQuery =>
  exploreQuerySchema.parse({ from, to, ...more });

/** Day 0 to 30 of a cohort row: the values given, then null (not reached yet). */
function cells(...values: (number | null)[]): (number | null)[] {
  return Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => values[day] ?? null);
}

/** What the store answers for one of these events (the mapping itself is not under test here). */
function stored(input: NewEvent): StoredEvent {
  return {
    insert_id: input.insert_id,
    name: input.name,
    user_id: input.user_id,
    session_id: input.session_id ?? null,
    timestamp: new Date(input.timestamp).toISOString(),
    received_at: input.receivedAt.toISOString(),
    platform: input.platform ?? null,
    app_version: input.app_version ?? null,
    build: input.build ?? null,
    country: input.country ?? null,
    properties: input.properties ?? {},
    revenue_amount: input.revenue_amount ?? null,
    currency: input.currency ?? null,
    product_id: input.product_id ?? null,
    demo: input.demo,
  };
}

interface Case<T> {
  name: string;
  events: readonly NewEvent[];
  ask: (metrics: ProjectMetrics) => Promise<T>;
  expected: T;
}

function expectAnswer<T>(schema: z.ZodType<T>, answer: T, expected: T) {
  // The answer is exactly the schema's shape (parsing would drop extra fields).
  expect(schema.parse(answer)).toEqual(answer);
  const difference = firstDifference(answer, expected);
  if (difference !== undefined) expect(answer, difference).toEqual(expected);
}

/** One table: every case against the reference, then against a fresh in-memory DuckDB store. */
function table<T>(method: string, schema: z.ZodType<T>, cases: Case<T>[]) {
  describe(method, () => {
    it.each(cases)('reference: $name', async ({ events, ask, expected }) => {
      expectAnswer(schema, await ask(referenceMetrics(events)), expected);
    });
    describe.each(eventStoreTargets)('$name store', (target) => {
      it.each(cases)('store: $name', async ({ events, ask, expected }) => {
        const { store, close } = await openTestEventStore(target);
        try {
          await store.append(projectId, events);
          expectAnswer(schema, await ask(store.metrics), expected);
        } finally {
          await close();
        }
      });
    });
  });
}

const nothingSet = (users: number, newUsers: number, events: number) => [{ value: null, users, newUsers, events }];

// ---------------------------------------------------------------------------------------------
// Players: DAU, WAU, MAU, stickiness, new and returning users, buckets, filters, breakdowns

// 2026-03-02 is a Monday.
const trailingEvents = [
  event('u4', '2026-02-01T00:00:00Z'), // first day of MAU(03-02), outside MAU(03-03)
  event('u2', '2026-02-10T10:00:00Z'),
  event('u5', '2026-02-24T10:00:00Z'), // first day of WAU(03-02), outside WAU(03-03)
  event('u1', '2026-03-01T10:00:00Z'),
  event('u1', '2026-03-03T10:00:00Z'),
  event('u2', '2026-03-03T12:00:00Z'),
  event('u3', '2026-03-03T23:59:59Z'),
];

const weekEvents = [
  event('a', '2026-03-05T09:00:00Z'),
  event('a', '2026-03-06T09:00:00Z'),
  event('b', '2026-03-06T10:00:00Z'),
  event('a', '2026-03-16T08:00:00Z'),
];

// p1 installs on iOS; p2 on Android and then plays on iOS; p3 says no platform; p4 installed before.
const attributeEvents = [
  event('p4', '2026-03-01T09:00:00Z', { platform: 'ios', country: 'DE' }),
  event('p1', '2026-03-10T08:00:00Z', { platform: 'ios', country: 'DE', app_version: '1.0' }),
  event('p2', '2026-03-10T09:00:00Z', { platform: 'android', country: 'US', app_version: '1.0' }),
  event('p2', '2026-03-10T10:00:00Z', { platform: 'ios', country: 'US', app_version: '1.0' }),
  event('p1', '2026-03-11T08:00:00Z', { platform: 'ios', country: 'DE', app_version: '1.1' }),
  event('p3', '2026-03-11T09:00:00Z', { country: 'FR' }),
  event('p4', '2026-03-11T10:00:00Z', { platform: 'ios', country: 'DE', app_version: '1.1' }),
];

table('players', playersSchema.omit({ incomplete: true }), [
  {
    // 03-02: nobody; WAU (02-24..03-02) u5, u1; MAU (02-01..03-02) u4, u2, u5, u1.
    // 03-03: u1, u2, u3; WAU (02-25..03-03) u1, u2, u3; MAU (02-02..03-03) u2, u5, u1, u3.
    // u3 is new; u1 (installed 03-01) and u2 are returning. Average DAU 3/2, over MAU(03-03) 4.
    name: 'trailing WAU and MAU windows, new and returning users by day',
    events: trailingEvents,
    ask: (metrics) => metrics.players(projectId, view('2026-03-02', '2026-03-03')),
    expected: {
      totals: { activeUsers: 3, newUsers: 1, returningUsers: 2, averageDau: 1.5, stickiness: 0.375 },
      series: [
        { date: '2026-03-02', dau: 0, wau: 2, mau: 4, stickiness: 0, activeUsers: 0, newUsers: 0, returningUsers: 0 },
        { date: '2026-03-03', dau: 3, wau: 3, mau: 4, stickiness: 0.75, activeUsers: 3, newUsers: 1, returningUsers: 2 },
      ],
      breakdowns: { platform: nothingSet(3, 1, 3), country: nothingSet(3, 1, 3), app_version: nothingSet(3, 1, 3) },
    },
  },
  {
    // Weeks of 03-04 (Wed)..03-17 (Tue): 03-04..03-08, 03-09..03-15 (empty), 03-16..03-17.
    // Week 1: DAU 0,1,2,0,0 (mean 0.6); 03-04 has MAU 0 (left out), then DAU/MAU 1,1,0,0 (mean 0.5).
    // Week 2: DAU 0, MAU 2 every day: stickiness 0. Week 3: DAU 1,0 over MAU 2: 0.5, 0 (mean 0.25);
    // WAU(03-17) = a. a, installed 03-05, returns in week 3. Range: DAU sum 4 over 14 days, MAU 2.
    name: 'ISO weeks labelled with their first day in the range, an empty week',
    events: weekEvents,
    ask: (metrics) => metrics.players(projectId, view('2026-03-04', '2026-03-17', { granularity: 'week' })),
    expected: {
      totals: { activeUsers: 2, newUsers: 2, returningUsers: 0, averageDau: 4 / 14, stickiness: 4 / 14 / 2 },
      series: [
        { date: '2026-03-04', dau: 0.6, wau: 2, mau: 2, stickiness: 0.5, activeUsers: 2, newUsers: 2, returningUsers: 0 },
        { date: '2026-03-09', dau: 0, wau: 0, mau: 2, stickiness: 0, activeUsers: 0, newUsers: 0, returningUsers: 0 },
        { date: '2026-03-16', dau: 0.5, wau: 1, mau: 2, stickiness: 0.25, activeUsers: 1, newUsers: 0, returningUsers: 1 },
      ],
      breakdowns: { platform: nothingSet(2, 2, 4), country: nothingSet(2, 2, 4), app_version: nothingSet(2, 2, 4) },
    },
  },
  {
    // Months of 01-20..03-10: 01-20..01-31 (12 days), February (28), 03-01..03-10 (10). Only c, on 03-05.
    // January and February: MAU 0 every day, so stickiness null. March: DAU 1 on one of 10 days (0.1);
    // MAU 0 on 03-01..03-04 (left out), DAU/MAU 1,0,0,0,0,0 on 03-05..03-10 (1/6). 50 days: DAU 1/50.
    name: 'months labelled with their first day in the range, null stickiness without MAU',
    events: [event('c', '2026-03-05T12:00:00Z')],
    ask: (metrics) => metrics.players(projectId, view('2026-01-20', '2026-03-10', { granularity: 'month' })),
    expected: {
      totals: { activeUsers: 1, newUsers: 1, returningUsers: 0, averageDau: 0.02, stickiness: 0.02 },
      series: [
        { date: '2026-01-20', dau: 0, wau: 0, mau: 0, stickiness: null, activeUsers: 0, newUsers: 0, returningUsers: 0 },
        { date: '2026-02-01', dau: 0, wau: 0, mau: 0, stickiness: null, activeUsers: 0, newUsers: 0, returningUsers: 0 },
        { date: '2026-03-01', dau: 0.1, wau: 1, mau: 1, stickiness: 1 / 6, activeUsers: 1, newUsers: 1, returningUsers: 0 },
      ],
      breakdowns: { platform: nothingSet(1, 1, 1), country: nothingSet(1, 1, 1), app_version: nothingSet(1, 1, 1) },
    },
  },
  {
    // iOS events: p4 03-01, p1 03-10, p2 03-10 10:00, p1 03-11, p4 03-11 (p2's Android install and
    // p3 without a platform are out). DAU 2, 2; MAU(03-10) p4, p1, p2; WAU(03-10) p1, p2.
    // New: p1 only (p2 installed on Android). Returning: p4 (p2 is active but neither).
    // Breakdowns of the 4 iOS events in range: DE p1 x2 + p4, US p2; 1.0 p1 + p2, 1.1 p1 + p4.
    name: 'a platform filter: events without one are out, the install decides who is new',
    events: attributeEvents,
    ask: (metrics) => metrics.players(projectId, view('2026-03-10', '2026-03-11', { platform: 'ios' })),
    expected: {
      totals: { activeUsers: 3, newUsers: 1, returningUsers: 1, averageDau: 2, stickiness: 2 / 3 },
      series: [
        { date: '2026-03-10', dau: 2, wau: 2, mau: 3, stickiness: 2 / 3, activeUsers: 2, newUsers: 1, returningUsers: 0 },
        { date: '2026-03-11', dau: 2, wau: 3, mau: 3, stickiness: 2 / 3, activeUsers: 2, newUsers: 0, returningUsers: 2 },
      ],
      breakdowns: {
        platform: [{ value: 'ios', users: 3, newUsers: 1, events: 4 }],
        country: [
          { value: 'DE', users: 2, newUsers: 1, events: 3 },
          { value: 'US', users: 1, newUsers: 0, events: 1 },
        ],
        app_version: [
          { value: '1.0', users: 2, newUsers: 1, events: 2 },
          { value: '1.1', users: 2, newUsers: 0, events: 2 },
        ],
      },
    },
  },
  {
    // Country DE or US and version 1.0: p1 03-10 and both p2 events (p4's 03-01 event has no version).
    // DAU 2, 0; WAU and MAU p1, p2 on both days. p1 and p2 installed matching: both new on 03-10.
    name: 'a country list and an app version together',
    events: attributeEvents,
    ask: (metrics) => metrics.players(projectId, view('2026-03-10', '2026-03-11', { country: 'DE, US', app_version: '1.0' })),
    expected: {
      totals: { activeUsers: 2, newUsers: 2, returningUsers: 0, averageDau: 1, stickiness: 0.5 },
      series: [
        { date: '2026-03-10', dau: 2, wau: 2, mau: 2, stickiness: 1, activeUsers: 2, newUsers: 2, returningUsers: 0 },
        { date: '2026-03-11', dau: 0, wau: 2, mau: 2, stickiness: 0, activeUsers: 0, newUsers: 0, returningUsers: 0 },
      ],
      breakdowns: {
        platform: [
          { value: 'ios', users: 2, newUsers: 1, events: 2 },
          { value: 'android', users: 1, newUsers: 1, events: 1 },
        ],
        country: [
          { value: 'DE', users: 1, newUsers: 1, events: 1 },
          { value: 'US', users: 1, newUsers: 1, events: 2 },
        ],
        app_version: [{ value: '1.0', users: 2, newUsers: 2, events: 3 }],
      },
    },
  },
]);

// ---------------------------------------------------------------------------------------------
// Engagement: sessions by session_id and by 30-minute gaps

const sessionEvents = [
  // u1 without session_id: 29:59 apart stays one session (1799 s), exactly 30:00 starts another (301 s).
  event('u1', '2026-03-10T10:00:00Z'),
  event('u1', '2026-03-10T10:29:59Z'),
  event('u1', '2026-03-10T10:59:59Z'),
  event('u1', '2026-03-10T11:05:00Z'),
  // u2's session 'a' spans midnight and a 30-minute gap: one session of 2100 s, on 03-10.
  event('u2', '2026-03-10T23:50:00Z', { session_id: 'a' }),
  event('u2', '2026-03-11T00:20:00Z', { session_id: 'a' }),
  event('u2', '2026-03-11T00:25:00Z', { session_id: 'a' }),
  event('u2', '2026-03-11T12:00:00Z', { session_id: 'b' }),
  event('u3', '2026-03-11T08:00:00Z'),
];

/** The session length distribution with these counts per bucket, shortest first. */
const lengthBuckets = (counts: number[]) =>
  sessionLengthBuckets.map((bucket, index) => ({ label: bucket.label, minSeconds: bucket.min, maxSeconds: bucket.max, sessions: counts[index] ?? 0 }));

table('engagement', engagementSchema.omit({ incomplete: true }), [
  {
    // 03-10: 1799, 301 (u1), 2100 (u2 'a'); 03-11: 0 (u2 'b'), 0 (u3). DAU 2 and 2.
    // Mean 4200/5 = 840; median of 0, 0, 301, 1799, 2100 is 301; 5 sessions / 4.
    name: 'sessions by session_id and by 30-minute gaps, on the day they start',
    events: sessionEvents,
    ask: (metrics) => metrics.engagement(projectId, view('2026-03-10', '2026-03-11')),
    expected: {
      totals: { sessions: 5, averageSessionLength: 840, medianSessionLength: 301, sessionsPerDau: 1.25 },
      series: [
        { date: '2026-03-10', sessions: 3, sessionsPerDau: 1.5, averageSessionLength: 1400 },
        { date: '2026-03-11', sessions: 2, sessionsPerDau: 1, averageSessionLength: 0 },
      ],
      sessionLength: lengthBuckets([2, 0, 0, 0, 1, 1, 1, 0]),
    },
  },
  {
    // Only 03-11: session 'a' began on 03-10, so it is not counted although its later events are.
    name: 'a session that began the day before the range is not in it',
    events: sessionEvents,
    ask: (metrics) => metrics.engagement(projectId, view('2026-03-11', '2026-03-11')),
    expected: {
      totals: { sessions: 2, averageSessionLength: 0, medianSessionLength: 0, sessionsPerDau: 1 },
      series: [{ date: '2026-03-11', sessions: 2, sessionsPerDau: 1, averageSessionLength: 0 }],
      sessionLength: lengthBuckets([2]),
    },
  },
  {
    // iOS, weeks of 03-10 (Tue)..03-16 (Mon): v1 's1' starts on iOS (20 s), v1 's2' on Android (out),
    // v2 on iOS (300 s), v3 's3' starts 03-09 (out). DAU 03-10: v1, v2, v3 (all have iOS events).
    // Median of 20 and 300 is 160; the week of 03-16 has no session and no DAU.
    name: 'a filter matches the first event of a session; an even median; an empty week',
    events: [
      event('v1', '2026-03-10T10:00:00Z', { session_id: 's1', platform: 'ios' }),
      event('v1', '2026-03-10T10:00:20Z', { session_id: 's1', platform: 'android' }),
      event('v1', '2026-03-10T12:00:00Z', { session_id: 's2', platform: 'android' }),
      event('v1', '2026-03-10T12:01:00Z', { session_id: 's2', platform: 'ios' }),
      event('v2', '2026-03-10T09:00:00Z', { platform: 'ios' }),
      event('v2', '2026-03-10T09:05:00Z', { platform: 'ios' }),
      event('v3', '2026-03-09T23:59:00Z', { session_id: 's3', platform: 'ios' }),
      event('v3', '2026-03-10T00:01:00Z', { session_id: 's3', platform: 'ios' }),
    ],
    ask: (metrics) => metrics.engagement(projectId, view('2026-03-10', '2026-03-16', { granularity: 'week', platform: 'ios' })),
    expected: {
      totals: { sessions: 2, averageSessionLength: 160, medianSessionLength: 160, sessionsPerDau: 2 / 3 },
      series: [
        { date: '2026-03-10', sessions: 2, sessionsPerDau: 2 / 3, averageSessionLength: 160 },
        { date: '2026-03-16', sessions: 0, sessionsPerDau: null, averageSessionLength: null },
      ],
      sessionLength: lengthBuckets([0, 1, 0, 0, 1]),
    },
  },
  {
    name: 'no events: no sessions, nothing to average',
    events: sessionEvents,
    ask: (metrics) => metrics.engagement(projectId, view('2026-04-01', '2026-04-01')),
    expected: {
      totals: { sessions: 0, averageSessionLength: null, medianSessionLength: null, sessionsPerDau: null },
      series: [{ date: '2026-04-01', sessions: 0, sessionsPerDau: null, averageSessionLength: null }],
      sessionLength: lengthBuckets([]),
    },
  },
]);

// ---------------------------------------------------------------------------------------------
// Revenue: totals, ARPDAU, ARPPU, conversion, products, currency, cumulative LTV

const revenueEvents = [
  event('r4', '2026-03-01T08:00:00Z', { platform: 'ios' }),
  event('r1', '2026-03-10T10:00:00Z', { platform: 'ios' }),
  purchase('r1', '2026-03-10T11:00:00Z', 5, { platform: 'ios', product_id: 'gems_small' }),
  event('r2', '2026-03-10T12:00:00Z', { platform: 'android' }),
  event('r3', '2026-03-11T08:00:00Z', { platform: 'ios' }),
  purchase('r1', '2026-03-11T09:00:00Z', 10, { platform: 'web', product_id: 'gems_big' }),
  purchase('r4', '2026-03-11T10:00:00Z', 10, { platform: 'ios', product_id: 'gems_big' }),
  purchase('r2', '2026-03-12T08:00:00Z', 2.5, { platform: 'android', product_id: 'gems_small', currency: 'EUR' }),
  purchase('r5', '2026-03-12T09:00:00Z', 1, { platform: 'web' }),
  purchase('r4', '2026-03-13T10:00:00Z', 20, { platform: 'ios', product_id: 'vip' }),
];

// Issue 21: USD, JPY and EUR converted, GBP without a rate, and a purchase of 0 (ADR 011).
const ratesForUsd: ProjectMoney = { currency: 'USD', rates: { JPY: 0.0067, EUR: 1.1 } };
const threeCurrencies = [
  purchase('k1', '2026-03-10T10:00:00Z', 1000, { currency: 'JPY', product_id: 'gems' }),
  purchase('k1', '2026-03-10T11:00:00Z', 2, { currency: 'EUR', product_id: 'gems' }),
  purchase('k2', '2026-03-10T12:00:00Z', 4),
  purchase('k3', '2026-03-10T13:00:00Z', 0),
  purchase('k4', '2026-03-10T14:00:00Z', 3, { currency: 'GBP' }),
  purchase('k4', '2026-03-10T15:00:00Z', 1.5, { currency: 'GBP' }),
];

table('revenue', revenueSchema.omit({ incomplete: true }), [
  {
    // In range: 5 (r1 03-10), 10 (r1) + 10 (r4) on 03-11, 2.5 EUR (r2) + 1 (r5) on 03-12: 28.5 in 5.
    // DAU 2 (r1, r2), 3 (r1, r3, r4), 2 (r2, r5): 7. Payers r1, r4, r2, r5 of 5 active users.
    // LTV, today 03-12: cohort 03-10 is r1, r2: 5/2, 15/2, 17.5/2. 03-11 is r3: 0, 0. 03-12 is r5: 1.
    // Average over one set of cohorts (ADR 010): to day 1, r1, r2, r3: 3 × 2 = 6 player-days; to day
    // 2, r1, r2: 2 × 3 = 6 too, and a tie goes to the longer curve: 03-10 alone.
    name: 'totals, series, products and cumulative LTV',
    events: revenueEvents,
    ask: (metrics) => metrics.revenue(projectId, view('2026-03-10', '2026-03-12'), '2026-03-12', money),
    expected: {
      currency: 'USD',
      excludedPurchases: [],
      totals: { revenue: 28.5, transactions: 5, payingUsers: 4, activeUsers: 5, arpdau: 28.5 / 7, arppu: 7.125, payingConversion: 0.8 },
      series: [
        { date: '2026-03-10', revenue: 5, transactions: 1, payingUsers: 1, arpdau: 2.5 },
        { date: '2026-03-11', revenue: 20, transactions: 2, payingUsers: 2, arpdau: 20 / 3 },
        { date: '2026-03-12', revenue: 3.5, transactions: 2, payingUsers: 2, arpdau: 1.75 },
      ],
      topProducts: [
        { productId: 'gems_big', revenue: 20, transactions: 2, buyers: 2 },
        { productId: 'gems_small', revenue: 7.5, transactions: 2, buyers: 2 },
        { productId: null, revenue: 1, transactions: 1, buyers: 1 },
      ],
      ltv: {
        cohorts: [
          { cohort: '2026-03-10', size: 2, values: cells(2.5, 7.5, 8.75) },
          { cohort: '2026-03-11', size: 1, values: cells(0, 0) },
          { cohort: '2026-03-12', size: 1, values: cells(1) },
        ],
        average: cells(2.5, 7.5, 8.75),
        averageCohorts: { from: '2026-03-10', to: '2026-03-10', users: 2, lastDay: 2 },
      },
    },
  },
  {
    // iOS: purchases 5 (r1 03-10) and 10 (r4 03-11); r1's web purchase is not iOS revenue.
    // DAU 1 (r1), 2 (r3, r4), 0: ARPDAU 15/3, and null on 03-12. Active r1, r3, r4.
    // LTV cohorts by iOS install: r1 (03-10) counts its web purchase too: 5, 15, 15. r3: 0, 0.
    // Average: to day 1 over r1 and r3 (2 × 2 player-days) rather than day 2 over r1 (1 × 3).
    name: 'a platform filter: activity revenue filtered, LTV by install with every purchase',
    events: revenueEvents,
    ask: (metrics) => metrics.revenue(projectId, view('2026-03-10', '2026-03-12', { platform: 'ios' }), '2026-03-12', money),
    expected: {
      currency: 'USD',
      excludedPurchases: [],
      totals: { revenue: 15, transactions: 2, payingUsers: 2, activeUsers: 3, arpdau: 5, arppu: 7.5, payingConversion: 2 / 3 },
      series: [
        { date: '2026-03-10', revenue: 5, transactions: 1, payingUsers: 1, arpdau: 5 },
        { date: '2026-03-11', revenue: 10, transactions: 1, payingUsers: 1, arpdau: 5 },
        { date: '2026-03-12', revenue: 0, transactions: 0, payingUsers: 0, arpdau: null },
      ],
      topProducts: [
        { productId: 'gems_big', revenue: 10, transactions: 1, buyers: 1 },
        { productId: 'gems_small', revenue: 5, transactions: 1, buyers: 1 },
      ],
      ltv: {
        cohorts: [
          { cohort: '2026-03-10', size: 1, values: cells(5, 15, 15) },
          { cohort: '2026-03-11', size: 1, values: cells(0, 0) },
        ],
        average: cells(2.5, 7.5),
        averageCohorts: { from: '2026-03-10', to: '2026-03-11', users: 2, lastDay: 1 },
      },
    },
  },
  {
    // k1: 1,000 JPY at 0.0067 = 6.7 and 2 EUR at 1.1 = 2.2; k2: 4 USD; k3: 0 USD, no transaction
    // and not paying; k4: 3 + 1.5 GBP without a rate, left out and reported. 12.9 from 3 purchases
    // by 2 payers of 4 active users (DAU 4).
    name: 'three currencies, one without a rate, and a purchase of 0',
    events: threeCurrencies,
    ask: (metrics) => metrics.revenue(projectId, view('2026-03-10', '2026-03-10'), '2026-03-10', ratesForUsd),
    expected: {
      currency: 'USD',
      excludedPurchases: [{ currency: 'GBP', purchases: 2, amount: 4.5 }],
      totals: { revenue: 12.9, transactions: 3, payingUsers: 2, activeUsers: 4, arpdau: 12.9 / 4, arppu: 6.45, payingConversion: 0.5 },
      series: [{ date: '2026-03-10', revenue: 12.9, transactions: 3, payingUsers: 2, arpdau: 12.9 / 4 }],
      topProducts: [
        { productId: 'gems', revenue: 8.9, transactions: 2, buyers: 1 },
        { productId: null, revenue: 4, transactions: 1, buyers: 1 },
      ],
      ltv: {
        cohorts: [{ cohort: '2026-03-10', size: 4, values: cells(12.9 / 4) }],
        average: cells(12.9 / 4),
        averageCohorts: { from: '2026-03-10', to: '2026-03-10', users: 4, lastDay: 0 },
      },
    },
  },
  {
    // Reported in EUR with only USD at 0.9: k2's 4 USD = 3.6 and k1's 2 EUR; the JPY and GBP
    // purchases are left out, the one with more purchases first, then by code.
    name: 'another reporting currency',
    events: threeCurrencies,
    ask: (metrics) => metrics.revenue(projectId, view('2026-03-10', '2026-03-10'), '2026-03-10', { currency: 'EUR', rates: { USD: 0.9 } }),
    expected: {
      currency: 'EUR',
      excludedPurchases: [
        { currency: 'GBP', purchases: 2, amount: 4.5 },
        { currency: 'JPY', purchases: 1, amount: 1000 },
      ],
      totals: { revenue: 5.6, transactions: 2, payingUsers: 2, activeUsers: 4, arpdau: 1.4, arppu: 2.8, payingConversion: 0.5 },
      series: [{ date: '2026-03-10', revenue: 5.6, transactions: 2, payingUsers: 2, arpdau: 1.4 }],
      topProducts: [
        { productId: null, revenue: 3.6, transactions: 1, buyers: 1 },
        { productId: 'gems', revenue: 2, transactions: 1, buyers: 1 },
      ],
      ltv: {
        cohorts: [{ cohort: '2026-03-10', size: 4, values: cells(1.4) }],
        average: cells(1.4),
        averageCohorts: { from: '2026-03-10', to: '2026-03-10', users: 4, lastDay: 0 },
      },
    },
  },
  {
    // Only purchases of 0: nobody pays, nothing is left out.
    name: 'purchases of 0 are no transactions',
    events: [purchase('z1', '2026-03-10T10:00:00Z', 0), purchase('z1', '2026-03-10T11:00:00Z', 0, { currency: 'JPY' })],
    ask: (metrics) => metrics.revenue(projectId, view('2026-03-10', '2026-03-10'), '2026-03-10', ratesForUsd),
    expected: {
      currency: 'USD',
      excludedPurchases: [],
      totals: { revenue: 0, transactions: 0, payingUsers: 0, activeUsers: 1, arpdau: 0, arppu: null, payingConversion: 0 },
      series: [{ date: '2026-03-10', revenue: 0, transactions: 0, payingUsers: 0, arpdau: 0 }],
      topProducts: [],
      ltv: {
        cohorts: [{ cohort: '2026-03-10', size: 1, values: cells(0) }],
        average: cells(0),
        averageCohorts: { from: '2026-03-10', to: '2026-03-10', users: 1, lastDay: 0 },
      },
    },
  },
  {
    name: 'a range without events',
    events: revenueEvents,
    ask: (metrics) => metrics.revenue(projectId, view('2026-04-01', '2026-04-02'), '2026-04-02', money),
    expected: {
      currency: 'USD',
      excludedPurchases: [],
      totals: { revenue: 0, transactions: 0, payingUsers: 0, activeUsers: 0, arpdau: null, arppu: null, payingConversion: null },
      series: [
        { date: '2026-04-01', revenue: 0, transactions: 0, payingUsers: 0, arpdau: null },
        { date: '2026-04-02', revenue: 0, transactions: 0, payingUsers: 0, arpdau: null },
      ],
      topProducts: [],
      ltv: { cohorts: [], average: cells(), averageCohorts: null },
    },
  },
]);

// ---------------------------------------------------------------------------------------------
// Retention: classic and rolling, eligibility, cohorts by install

// Active days: t1 (iOS) 03-02, 03-03, 03-05 (that one on the web); t2 (Android) 03-02, 03-04 (iOS);
// t3 (iOS) 03-03, 03-04, 03-10; t4 (iOS) 03-09; t5 installed 02-20.
const retentionEvents = [
  event('t5', '2026-02-20T10:00:00Z', { platform: 'ios' }),
  event('t1', '2026-03-02T10:00:00Z', { platform: 'ios' }),
  event('t2', '2026-03-02T20:00:00Z', { platform: 'android' }),
  event('t1', '2026-03-03T10:00:00Z', { platform: 'ios' }),
  event('t3', '2026-03-03T09:00:00Z', { platform: 'ios' }),
  event('t5', '2026-03-03T11:00:00Z', { platform: 'ios' }),
  event('t2', '2026-03-04T10:00:00Z', { platform: 'ios' }),
  event('t3', '2026-03-04T10:00:00Z', { platform: 'ios' }),
  event('t1', '2026-03-05T10:00:00Z', { platform: 'web' }),
  event('t4', '2026-03-09T09:00:00Z', { platform: 'ios' }),
  event('t3', '2026-03-10T10:00:00Z', { platform: 'ios' }),
];

table('retention', retentionSchema, [
  {
    // Today 03-10. Cohort 03-02 (t1, t2), days 0..8 reached: t1 on day 1 and 3, t2 on day 2.
    // Cohort 03-03 (t3), days 0..7: day 1 and day 7 (03-10, after the range: it counts).
    // Curve (ADR 010): to day 7 over all three (3 × 8 player-days) rather than day 8 over t1, t2
    // (2 × 9). Day 1 t1 + t3; day 2 t2; day 3 t1; day 7 t3.
    name: 'classic retention by install day, cells after today null',
    events: retentionEvents,
    ask: (metrics) => metrics.retention(projectId, retentionView('2026-03-02', '2026-03-03'), '2026-03-10'),
    expected: {
      mode: 'classic',
      cohorts: [
        { cohort: '2026-03-02', size: 2, values: cells(1, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0) },
        { cohort: '2026-03-03', size: 1, values: cells(1, 1, 0, 0, 0, 0, 0, 1) },
      ],
      curve: cells(1, 2 / 3, 1 / 3, 1 / 3, 0, 0, 0, 1 / 3).map((rate, day) => ({ day, rate, cohortUsers: day <= 7 ? 3 : 0 })),
      curveCohorts: { from: '2026-03-02', to: '2026-03-03', users: 3, lastDay: 7 },
    },
  },
  {
    // Rolling: retained on day N while the last active day is install + N or later.
    // t1 last 03-05 (to day 3), t2 last 03-04 (to day 2), t3 last 03-10 (to day 7).
    name: 'rolling retention',
    events: retentionEvents,
    ask: (metrics) => metrics.retention(projectId, retentionView('2026-03-02', '2026-03-03', { mode: 'rolling' }), '2026-03-10'),
    expected: {
      mode: 'rolling',
      cohorts: [
        { cohort: '2026-03-02', size: 2, values: cells(1, 1, 1, 0.5, 0, 0, 0, 0, 0) },
        { cohort: '2026-03-03', size: 1, values: cells(1, 1, 1, 1, 1, 1, 1, 1) },
      ],
      // All three to day 7: t1 retained to day 3, t2 to day 2, t3 to day 7.
      curve: cells(1, 1, 1, 2 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3).map((rate, day) => ({ day, rate, cohortUsers: day <= 7 ? 3 : 0 })),
      curveCohorts: { from: '2026-03-02', to: '2026-03-03', users: 3, lastDay: 7 },
    },
  },
  {
    // iOS installs, weeks of 03-02..03-22: week 03-02 is t1 and t3 (t2 installed on Android, t5
    // before the range), week 03-09 is t4, week 03-16 installs nobody (no row). Activity is every
    // event: t1's web event on day 3 counts. Each user's day N is from their own install day.
    // Week 03-02 follows t1 and t3 to day 7 (2 × 8 player-days against t1 alone to day 8, 1 × 9):
    // day 1 both; day 3 t1; day 7 t3. Week 03-09 is t4 (days 0 and 1 reached). The curve: to day 1
    // over all three is 3 × 2; to day 7 over t1 and t3 is 2 × 8: the same as week 03-02.
    name: 'weekly cohorts of a filtered install, activity unfiltered',
    events: retentionEvents,
    ask: (metrics) => metrics.retention(projectId, retentionView('2026-03-02', '2026-03-22', { granularity: 'week', platform: 'ios' }), '2026-03-10'),
    expected: {
      mode: 'classic',
      cohorts: [
        { cohort: '2026-03-02', size: 2, values: cells(1, 1, 0, 0.5, 0, 0, 0, 0.5) },
        { cohort: '2026-03-09', size: 1, values: cells(1, 0) },
      ],
      curve: cells(1, 1, 0, 0.5, 0, 0, 0, 0.5).map((rate, day) => ({ day, rate, cohortUsers: day <= 7 ? 2 : 0 })),
      curveCohorts: { from: '2026-03-02', to: '2026-03-03', users: 2, lastDay: 7 },
    },
  },
]);

// ---------------------------------------------------------------------------------------------
// Overview: the cards and the previous range

// No session ids: sessions by gaps. o1 installs 03-08, o4 03-09, o2 03-10, o3 03-11.
const overviewEvents = [
  event('o1', '2026-03-08T10:00:00Z', { name: 'install' }),
  event('o1', '2026-03-08T10:05:00Z', { name: 'level' }),
  event('o4', '2026-03-09T09:00:00Z', { name: 'install' }),
  purchase('o4', '2026-03-09T09:00:30Z', 2),
  event('o1', '2026-03-09T10:00:00Z', { name: 'level' }),
  event('o1', '2026-03-10T10:00:00Z', { name: 'level' }),
  purchase('o1', '2026-03-10T10:10:00Z', 4),
  event('o2', '2026-03-10T12:00:00Z', { name: 'install' }),
  event('o2', '2026-03-10T12:01:00Z', { name: 'level' }),
  event('o2', '2026-03-11T12:00:00Z', { name: 'level' }),
  event('o3', '2026-03-11T15:00:00Z', { name: 'install' }),
  event('o2', '2026-03-17T12:00:00Z', { name: 'level' }),
];
// In range: level 3 (o1, o2 x2), install 2 (o2, o3), purchase 1 (o1).
const overviewTopEvents = [
  { name: 'level', count: 3 },
  { name: 'install', count: 2 },
  { name: 'purchase', count: 1 },
];

table('overview', overviewSchema.omit({ incomplete: true }), [
  {
    // Range 03-10..03-11, previous 03-08..03-09, today 03-12.
    // DAU: o1, o2 | o2, o3 (mean 2); before: o1 | o1, o4 (1.5). New 1 + 1; before 2.
    // MAU(03-10) o1, o2, o4; MAU(03-11) + o3 = 4; MAU(03-09) o1, o4.
    // Sessions: o1 600 s, o2 60 s | o2 0, o3 0 (mean 165); before: o1 300 | o1 0, o4 30 (mean 110).
    // Revenue 4 over DAU 4; before 2 over 3. D1: o2 yes, o3 no (day 1 is today 03-12); before: o1
    // yes, o4 no. D7: nobody installed 7 days before today.
    name: 'cards with the previous range by day',
    events: overviewEvents,
    ask: (metrics) => metrics.overview(projectId, view('2026-03-10', '2026-03-11'), '2026-03-12', money),
    expected: {
      range: { from: '2026-03-10', to: '2026-03-11' },
      cardRange: { from: '2026-03-10', to: '2026-03-11' },
      previousRange: { from: '2026-03-08', to: '2026-03-09' },
      currency: 'USD',
      excludedPurchases: [],
      cards: (
        [
          ['dau', 2, 1.5, [2, 2]],
          ['new-users', 2, 2, [1, 1]],
          ['mau', 4, 2, [3, 4]],
          ['sessions', 4, 3, [2, 2]],
          ['session-length', 165, 110, [330, 0]],
          ['revenue', 4, 2, [4, 0]],
          ['arpdau', 1, 2 / 3, [2, 0]],
          ['d1-retention', 0.5, 0.5, [1, 0]],
          ['d7-retention', null, null, [null, null]],
        ] as const
      ).map(([key, value, previous, [first, second]]) => ({
        key,
        value,
        previous,
        series: [
          { date: '2026-03-10', value: first },
          { date: '2026-03-11', value: second },
        ],
      })),
      totalEvents: 6,
      topEvents: overviewTopEvents,
    },
  },
  {
    // The same range as one week (03-10 is a Tuesday), today 03-20: D7 is now reached. o2 plays on
    // 03-17 (day 7), o3 not on 03-18: 0.5. Before: o1 not on 03-15, o4 not on 03-16: 0.
    name: 'one week bucket, D7 reached',
    events: overviewEvents,
    ask: (metrics) => metrics.overview(projectId, view('2026-03-10', '2026-03-11', { granularity: 'week' }), '2026-03-20', money),
    expected: {
      range: { from: '2026-03-10', to: '2026-03-11' },
      cardRange: { from: '2026-03-10', to: '2026-03-11' },
      previousRange: { from: '2026-03-08', to: '2026-03-09' },
      currency: 'USD',
      excludedPurchases: [],
      cards: (
        [
          ['dau', 2, 1.5],
          ['new-users', 2, 2],
          ['mau', 4, 2],
          ['sessions', 4, 3],
          ['session-length', 165, 110],
          ['revenue', 4, 2],
          ['arpdau', 1, 2 / 3],
          ['d1-retention', 0.5, 0.5],
          ['d7-retention', 0.5, 0],
        ] as const
      ).map(([key, value, previous]) => ({ key, value, previous, series: [{ date: '2026-03-10', value }] })),
      totalEvents: 6,
      topEvents: overviewTopEvents,
    },
  },
  {
    // The range reaches today (03-12), which is not over: the cards cover 03-10..03-11 against
    // 03-08..03-09, the figures of the first case, while the series still shows today so far:
    // nobody yet (MAU 4: o1, o2, o3, o4; ratios over nothing null).
    name: 'a range reaching today: cards over its complete days, series with today so far',
    events: overviewEvents,
    ask: (metrics) => metrics.overview(projectId, view('2026-03-10', '2026-03-12'), '2026-03-12', money),
    expected: {
      range: { from: '2026-03-10', to: '2026-03-12' },
      cardRange: { from: '2026-03-10', to: '2026-03-11' },
      previousRange: { from: '2026-03-08', to: '2026-03-09' },
      currency: 'USD',
      excludedPurchases: [],
      cards: (
        [
          ['dau', 2, 1.5, [2, 2, 0]],
          ['new-users', 2, 2, [1, 1, 0]],
          ['mau', 4, 2, [3, 4, 4]],
          ['sessions', 4, 3, [2, 2, 0]],
          ['session-length', 165, 110, [330, 0, null]],
          ['revenue', 4, 2, [4, 0, 0]],
          ['arpdau', 1, 2 / 3, [2, 0, null]],
          ['d1-retention', 0.5, 0.5, [1, 0, null]],
          ['d7-retention', null, null, [null, null, null]],
        ] as const
      ).map(([key, value, previous, [first, second, third]]) => ({
        key,
        value,
        previous,
        series: [
          { date: '2026-03-10', value: first },
          { date: '2026-03-11', value: second },
          { date: '2026-03-12', value: third },
        ],
      })),
      totalEvents: 6,
      topEvents: overviewTopEvents,
    },
  },
  {
    // Today alone: its figures so far and nothing to compare them with.
    name: 'a range of today only: no comparison',
    events: overviewEvents,
    ask: (metrics) => metrics.overview(projectId, view('2026-03-11', '2026-03-11'), '2026-03-11', money),
    expected: {
      range: { from: '2026-03-11', to: '2026-03-11' },
      cardRange: { from: '2026-03-11', to: '2026-03-11' },
      previousRange: null,
      currency: 'USD',
      excludedPurchases: [],
      cards: (
        [
          ['dau', 2],
          ['new-users', 1],
          ['mau', 4],
          ['sessions', 2],
          ['session-length', 0],
          ['revenue', 0],
          ['arpdau', 0],
          ['d1-retention', null],
          ['d7-retention', null],
        ] as const
      ).map(([key, value]) => ({ key, value, previous: null, series: [{ date: '2026-03-11', value }] })),
      totalEvents: 2,
      topEvents: [
        { name: 'install', count: 1 },
        { name: 'level', count: 1 },
      ],
    },
  },
  {
    // The three currencies of the revenue cases: revenue 12.9 (GBP left out, 0 no purchase) over
    // DAU 4. The range is today alone: its figures so far, nothing to compare with. Sessions: k1 and k4 buy an hour apart (2 each), k2 and k3 once.
    name: 'revenue in the reporting currency, purchases without a rate reported',
    events: threeCurrencies,
    ask: (metrics) => metrics.overview(projectId, view('2026-03-10', '2026-03-10'), '2026-03-10', ratesForUsd),
    expected: {
      range: { from: '2026-03-10', to: '2026-03-10' },
      cardRange: { from: '2026-03-10', to: '2026-03-10' },
      previousRange: null,
      currency: 'USD',
      excludedPurchases: [{ currency: 'GBP', purchases: 2, amount: 4.5 }],
      cards: (
        [
          ['dau', 4],
          ['new-users', 4],
          ['mau', 4],
          ['sessions', 6],
          ['session-length', 0],
          ['revenue', 12.9],
          ['arpdau', 12.9 / 4],
          ['d1-retention', null],
          ['d7-retention', null],
        ] as const
      ).map(([key, value]) => ({ key, value, previous: null, series: [{ date: '2026-03-10', value }] })),
      totalEvents: 6,
      topEvents: [{ name: 'purchase', count: 6 }],
    },
  },
]);

// ---------------------------------------------------------------------------------------------
// Explorer and event catalogue

const explorerEvents = [
  event('x3', '2026-03-09T10:00:00Z', { name: 'level_complete', properties: { score: 1000 } }), // before the range
  event('x1', '2026-03-10T10:00:00Z', { name: 'level_complete', platform: 'ios', properties: { score: 10, label: 'a' } }),
  event('x1', '2026-03-10T11:00:00Z', { name: 'level_complete', platform: 'ios', properties: { score: '20' } }), // not a number
  event('x2', '2026-03-10T12:00:00Z', { name: 'level_complete', platform: 'android', properties: { score: 30 } }),
  purchase('x1', '2026-03-11T10:00:00Z', 5, { platform: 'ios', properties: { score: 1 } }),
  event('x2', '2026-03-11T12:00:00Z', { name: 'level_complete', platform: 'android', properties: { score: 2.5 } }),
  event('x3', '2026-03-11T12:59:00Z', { name: 'app_open' }),
  event('x3', '2026-03-11T13:00:00Z', { name: 'level_complete', properties: { score: true } }), // not a number
];
const dates = ['2026-03-10', '2026-03-11'];
const exploreWith = (metrics: ProjectMetrics, query: ExploreQuery) => metrics.explore(projectId, query, money);
/** What an explorer answer says about money when it does not measure revenue_amount. */
const noMoney = { currency: null, excludedPurchases: [] };
const points = (...values: (number | null)[]) => values.map((value, index) => ({ date: dates[index]!, value }));

// e01..e10 twice each, e11 and e12 once: 12 names, so two go into 'Other'.
const manyNames = [
  ...Array.from({ length: 10 }, (_, index) => `e${String(index + 1).padStart(2, '0')}`).flatMap((name, index) => [
    event('y1', `2026-03-10T10:${String(index).padStart(2, '0')}:00Z`, { name, properties: { n: 1 } }),
    event('y2', `2026-03-10T11:${String(index).padStart(2, '0')}:00Z`, { name, properties: { n: 1 } }),
  ]),
  event('y1', '2026-03-10T12:00:00Z', { name: 'e11', properties: { n: 3 } }),
  event('y1', '2026-03-10T12:01:00Z', { name: 'e12', properties: { n: 4 } }),
];
const tenNames = Array.from({ length: 10 }, (_, index) => `e${String(index + 1).padStart(2, '0')}`);
const oneDay = (value: number) => [{ date: '2026-03-10', value }];

table('explore', exploreSchema.omit({ incomplete: true }), [
  {
    // Converted purchases only: 6.7 + 2.2 + 4 on 03-10; GBP left out and reported, 0 no value.
    name: 'sum of revenue_amount in the reporting currency',
    events: threeCurrencies,
    ask: (metrics) => metrics.explore(projectId, exploreView('2026-03-10', '2026-03-11', { measure: 'sum', property: 'revenue_amount' }), ratesForUsd),
    expected: {
      series: [{ key: null, label: 'All events', source: 'A', total: 12.9, points: points(12.9, 0) }],
      truncated: false,
      currency: 'USD',
      excludedPurchases: [{ currency: 'GBP', purchases: 2, amount: 4.5 }],
    },
  },
  {
    // The average of the three counted purchases, not of six events.
    name: 'average of revenue_amount leaves out 0 and purchases without a rate',
    events: threeCurrencies,
    ask: (metrics) => metrics.explore(projectId, exploreView('2026-03-10', '2026-03-11', { measure: 'average', property: 'revenue_amount' }), ratesForUsd),
    expected: {
      series: [{ key: null, label: 'All events', source: 'A', total: 12.9 / 3, points: points(12.9 / 3, null) }],
      truncated: false,
      currency: 'USD',
      excludedPurchases: [{ currency: 'GBP', purchases: 2, amount: 4.5 }],
    },
  },
  {
    // 3 events on 03-10 (x1 x2, x2), 4 on 03-11 (x1, x2, x3 x2); x3's 03-09 event is outside.
    name: 'count of every event',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11')),
    expected: { series: [{ key: null, label: 'All events', source: 'A', total: 7, points: points(3, 4) }], truncated: false, ...noMoney },
  },
  {
    // level_complete: x1, x2 on 03-10; x2, x3 on 03-11; three distinct over the range, not four.
    name: 'unique users of one event',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { event: 'level_complete', measure: 'users' })),
    expected: { series: [{ key: null, label: 'level_complete', source: 'A', total: 3, points: points(2, 2) }], truncated: false, ...noMoney },
  },
  {
    // Numbers only: 10 + 30 on 03-10, 2.5 on 03-11 ('20' and true are skipped).
    name: 'sum of a numeric property',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { event: 'level_complete', measure: 'sum', property: 'score' })),
    expected: { series: [{ key: null, label: 'level_complete', source: 'A', total: 42.5, points: points(40, 2.5) }], truncated: false, ...noMoney },
  },
  {
    name: 'average of a numeric property',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { event: 'level_complete', measure: 'average', property: 'score' })),
    expected: { series: [{ key: null, label: 'level_complete', source: 'A', total: 42.5 / 3, points: points(20, 2.5) }], truncated: false, ...noMoney },
  },
  {
    // revenue_amount is the event's own field: x1's purchase of 5 on 03-11.
    name: 'sum of revenue_amount',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { measure: 'sum', property: 'revenue_amount' })),
    expected: { series: [{ key: null, label: 'All events', source: 'A', total: 5, points: points(0, 5) }], truncated: false, currency: 'USD', excludedPurchases: [] },
  },
  {
    // By events: ios 3 (x1), android 2 (x2), not set 2 (x3); ties by key, not set last.
    // Only ios has a revenue_amount (5 on 03-11); averages without values are null.
    name: 'average by platform, values without numbers null',
    events: explorerEvents,
    ask: (metrics) =>
      exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { measure: 'average', property: 'revenue_amount', breakdown: 'platform' })),
    expected: {
      series: [
        { key: 'ios', label: 'ios', source: 'A', total: 5, points: points(null, 5) },
        { key: 'android', label: 'android', source: 'A', total: null, points: points(null, null) },
        { key: null, label: '(not set)', source: 'A', total: null, points: points(null, null) },
      ],
      truncated: false,
      currency: 'USD',
      excludedPurchases: [],
    },
  },
  {
    // level_complete 3 + 2, then app_open and purchase with 1 each (by name).
    name: 'count by event name',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { breakdown: 'name' })),
    expected: {
      series: [
        { key: 'level_complete', label: 'level_complete', source: 'A', total: 5, points: points(3, 2) },
        { key: 'app_open', label: 'app_open', source: 'A', total: 1, points: points(0, 1) },
        { key: 'purchase', label: 'purchase', source: 'A', total: 1, points: points(0, 1) },
      ],
      truncated: false,
      ...noMoney,
    },
  },
  {
    // A filter drops x3's events without a platform: ios 3, android 2.
    name: 'count by platform under a platform filter',
    events: explorerEvents,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-11', { breakdown: 'platform', platform: 'android,ios' })),
    expected: {
      series: [
        { key: 'ios', label: 'ios', source: 'A', total: 3, points: points(2, 1) },
        { key: 'android', label: 'android', source: 'A', total: 2, points: points(1, 1) },
      ],
      truncated: false,
      ...noMoney,
    },
  },
  {
    // e01..e10 (2 events each) shown; e11 and e12 (1 each) summed into 'Other'.
    name: "count by name: the 10 largest and 'Other'",
    events: manyNames,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-10', { breakdown: 'name' })),
    expected: {
      series: [
        ...tenNames.map((name) => ({ key: name, label: name, source: 'A', total: 2, points: oneDay(2) })),
        { key: 'Other', label: 'Other', source: 'A', total: 2, points: oneDay(2) },
      ],
      truncated: true,
      ...noMoney,
    },
  },
  {
    // n is 1 on e01..e10 (2 each); e11 3 and e12 4 make 'Other' 7.
    name: "sum by name: 'Other' adds up",
    events: manyNames,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-10', { breakdown: 'name', measure: 'sum', property: 'n' })),
    expected: {
      series: [
        ...tenNames.map((name) => ({ key: name, label: name, source: 'A', total: 2, points: oneDay(2) })),
        { key: 'Other', label: 'Other', source: 'A', total: 7, points: oneDay(7) },
      ],
      truncated: true,
      ...noMoney,
    },
  },
  {
    // Users do not add up: no 'Other', still truncated. Each name has y1 and y2.
    name: "users by name: no 'Other'",
    events: manyNames,
    ask: (metrics) => exploreWith(metrics, exploreView('2026-03-10', '2026-03-10', { breakdown: 'name', measure: 'users' })),
    expected: { series: tenNames.map((name) => ({ key: name, label: name, source: 'A', total: 2, points: oneDay(2) })), truncated: true, ...noMoney },
  },
]);

// 55 keys over two events: the catalogue lists the first 50 in order.
const wideKeys = Array.from({ length: 55 }, (_, index) => `k${String(index).padStart(2, '0')}`);
const wideEvents = [
  event('w1', '2026-03-10T10:00:00Z', { name: 'wide', properties: Object.fromEntries(wideKeys.slice(5).map((key) => [key, 1])) }),
  event('w1', '2026-03-10T11:00:00Z', { name: 'wide', properties: Object.fromEntries(wideKeys.slice(0, 5).map((key) => [key, 'x'])) }),
];

table('eventCatalogue', eventCatalogueSchema, [
  {
    // level_complete: x1 x2, x2 x2, x3 x1 in range (5; the 03-09 one is out), keys label and score.
    // app_open and purchase once each: ties by name.
    name: 'events by count with their property keys',
    events: explorerEvents,
    ask: (metrics) => metrics.eventCatalogue(projectId, view('2026-03-10', '2026-03-11')),
    expected: {
      events: [
        { name: 'level_complete', count: 5, users: 3, lastSeen: '2026-03-11T13:00:00.000Z', propertyKeys: ['label', 'score'] },
        { name: 'app_open', count: 1, users: 1, lastSeen: '2026-03-11T12:59:00.000Z', propertyKeys: [] },
        { name: 'purchase', count: 1, users: 1, lastSeen: '2026-03-11T10:00:00.000Z', propertyKeys: ['score'] },
      ],
    },
  },
  {
    name: 'a filter and a one-day range',
    events: explorerEvents,
    ask: (metrics) => metrics.eventCatalogue(projectId, view('2026-03-10', '2026-03-10', { platform: 'android' })),
    expected: { events: [{ name: 'level_complete', count: 1, users: 1, lastSeen: '2026-03-10T12:00:00.000Z', propertyKeys: ['score'] }] },
  },
  {
    name: 'at most 50 property keys, sorted',
    events: wideEvents,
    ask: (metrics) => metrics.eventCatalogue(projectId, view('2026-03-10', '2026-03-10')),
    expected: { events: [{ name: 'wide', count: 2, users: 1, lastSeen: '2026-03-10T11:00:00.000Z', propertyKeys: wideKeys.slice(0, 50) }] },
  },
]);

// ---------------------------------------------------------------------------------------------
// Filter options and the player profile

// v000..v100 once each: the first 100 by value.
const manyVersions = Array.from({ length: 101 }, (_, index) =>
  event('m1', `2026-03-10T10:${String(index % 60).padStart(2, '0')}:00Z`, { app_version: `v${String(index).padStart(3, '0')}` }),
);

table('filterOptions', filterOptionsSchema, [
  {
    // In range: ios 4 (p1 x2, p2, p4), android 1; DE 3, US 2, FR 1; 1.0 3, 1.1 2 (p3 has no version).
    name: 'values by events, unset ones left out',
    events: attributeEvents,
    ask: (metrics) => metrics.filterOptions(projectId, view('2026-03-10', '2026-03-11')),
    expected: { platform: ['ios', 'android'], country: ['DE', 'US', 'FR'], app_version: ['1.0', '1.1'] },
  },
  {
    name: "the view's filters do not narrow the menus",
    events: attributeEvents,
    ask: (metrics) => metrics.filterOptions(projectId, view('2026-03-10', '2026-03-11', { platform: 'android', country: 'US' })),
    expected: { platform: ['ios', 'android'], country: ['DE', 'US', 'FR'], app_version: ['1.0', '1.1'] },
  },
  {
    // Only p4's 03-01 event: iOS, DE, no version.
    name: 'only the range counts',
    events: attributeEvents,
    ask: (metrics) => metrics.filterOptions(projectId, view('2026-03-01', '2026-03-01')),
    expected: { platform: ['ios'], country: ['DE'], app_version: [] },
  },
  {
    name: 'at most 100 values',
    events: manyVersions,
    ask: (metrics) => metrics.filterOptions(projectId, view('2026-03-10', '2026-03-10')),
    expected: { platform: [], country: [], app_version: manyVersions.slice(0, 100).map((item) => item.app_version!) },
  },
]);

const gapPlayer = [
  event('q1', '2026-03-10T10:00:00Z', { name: 'install', platform: 'ios', country: 'DE', app_version: '1.0' }),
  event('q1', '2026-03-10T10:29:59Z', { name: 'level', platform: 'ios', country: 'DE', app_version: '1.0' }),
  purchase('q1', '2026-03-10T10:59:59Z', 2.5, { platform: 'ios', country: 'DE', app_version: '1.0', product_id: 'gems' }),
  event('q1', '2026-03-10T11:05:00Z', { name: 'level', platform: 'android', country: 'AT', app_version: '1.1', build: '7', properties: { level: 3 } }),
];
// A time zone offset (01:30+02:00 is 23:30Z the day before); two events at 05:00, received a second apart.
const sessionPlayer = [
  event('q2', '2026-03-10T01:30:00+02:00', { session_id: 'a', platform: 'ios', demo: true }),
  event('q2', '2026-03-10T00:10:00Z', { session_id: 'a', platform: 'ios', demo: true }),
  event('q2', '2026-03-10T05:00:00Z', { session_id: 'b', platform: 'ios', demo: true }),
  event('q2', '2026-03-10T05:00:00Z', { session_id: 'b', platform: 'web', demo: true, receivedAt: new Date(receivedAt.getTime() + 1000) }),
];
// 205 events 31 minutes apart: 205 sessions of one event.
const busyPlayer = Array.from({ length: 205 }, (_, index) => event('q3', new Date(Date.parse('2026-03-01T00:00:00Z') + index * 31 * 60_000).toISOString()));

table('player', playerSchema.nullable(), [
  {
    // Gap sessions 10:00:00-10:29:59 (1799 s) and 10:59:59-11:05:00 (301 s), newest first; the profile
    // attributes are those of the latest event.
    name: 'sessions by gaps, revenue, attributes of the latest event',
    events: gapPlayer,
    ask: (metrics) => metrics.player(projectId, 'q1', money),
    expected: {
      userId: 'q1',
      firstSeen: '2026-03-10T10:00:00.000Z',
      lastSeen: '2026-03-10T11:05:00.000Z',
      events: 4,
      sessions: 2,
      revenue: 2.5,
      purchases: 1,
      currency: 'USD',
      excludedPurchases: [],
      platform: 'android',
      country: 'AT',
      appVersion: '1.1',
      demo: false,
      recentSessions: [
        { sessionId: null, start: '2026-03-10T10:59:59.000Z', end: '2026-03-10T11:05:00.000Z', events: 2, lengthSeconds: 301 },
        { sessionId: null, start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T10:29:59.000Z', events: 2, lengthSeconds: 1799 },
      ],
      recentEvents: [...gapPlayer].reverse().map(stored),
    },
  },
  {
    // Session 'a' 23:30Z-00:10Z (2400 s), 'b' at 05:00 (0 s, 2 events). The latest event is the one
    // received later (web, no country or version), a demo event.
    name: 'session ids, a time zone offset, ties broken by received time',
    events: sessionPlayer,
    ask: (metrics) => metrics.player(projectId, 'q2', money),
    expected: {
      userId: 'q2',
      firstSeen: '2026-03-09T23:30:00.000Z',
      lastSeen: '2026-03-10T05:00:00.000Z',
      events: 4,
      sessions: 2,
      revenue: 0,
      purchases: 0,
      currency: 'USD',
      excludedPurchases: [],
      platform: 'web',
      country: null,
      appVersion: null,
      demo: true,
      recentSessions: [
        { sessionId: 'b', start: '2026-03-10T05:00:00.000Z', end: '2026-03-10T05:00:00.000Z', events: 2, lengthSeconds: 0 },
        { sessionId: 'a', start: '2026-03-09T23:30:00.000Z', end: '2026-03-10T00:10:00.000Z', events: 2, lengthSeconds: 2400 },
      ],
      recentEvents: [...sessionPlayer].reverse().map(stored),
    },
  },
  {
    // The newest 50 sessions (events 204 down to 155) and the newest 200 events (204 down to 5).
    name: 'at most 50 sessions and 200 events',
    events: busyPlayer,
    ask: (metrics) => metrics.player(projectId, 'q3', money),
    expected: {
      userId: 'q3',
      firstSeen: busyPlayer[0]!.timestamp,
      lastSeen: busyPlayer[204]!.timestamp,
      events: 205,
      sessions: 205,
      revenue: 0,
      purchases: 0,
      currency: 'USD',
      excludedPurchases: [],
      platform: null,
      country: null,
      appVersion: null,
      demo: false,
      recentSessions: busyPlayer
        .slice(155)
        .reverse()
        .map(({ timestamp }) => ({ sessionId: null, start: timestamp, end: timestamp, events: 1, lengthSeconds: 0 })),
      recentEvents: busyPlayer.slice(5).reverse().map(stored),
    },
  },
  {
    // k1 paid 1,000 JPY (6.7) and 2 EUR (2.2); k4 only in GBP, which has no rate.
    name: 'revenue in the reporting currency',
    events: threeCurrencies,
    ask: async (metrics) => {
      const [paying, leftOut] = await Promise.all([metrics.player(projectId, 'k1', ratesForUsd), metrics.player(projectId, 'k4', ratesForUsd)]);
      return paying && leftOut && { ...paying, excludedPurchases: leftOut.excludedPurchases, purchases: paying.purchases + leftOut.purchases };
    },
    expected: {
      userId: 'k1',
      firstSeen: '2026-03-10T10:00:00.000Z',
      lastSeen: '2026-03-10T11:00:00.000Z',
      events: 2,
      sessions: 2,
      revenue: 8.9,
      purchases: 2,
      currency: 'USD',
      excludedPurchases: [{ currency: 'GBP', purchases: 2, amount: 4.5 }],
      platform: null,
      country: null,
      appVersion: null,
      demo: false,
      recentSessions: [
        { sessionId: null, start: '2026-03-10T11:00:00.000Z', end: '2026-03-10T11:00:00.000Z', events: 1, lengthSeconds: 0 },
        { sessionId: null, start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T10:00:00.000Z', events: 1, lengthSeconds: 0 },
      ],
      recentEvents: threeCurrencies.slice(0, 2).reverse().map(stored),
    },
  },
  {
    name: 'an unknown user',
    events: gapPlayer,
    ask: (metrics) => metrics.player(projectId, 'nobody', money),
    expected: null,
  },
]);
