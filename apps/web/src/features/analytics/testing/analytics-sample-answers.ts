// Answers of the analytics API for the stand-in (analytics-api-stand-in.ts): plausible, fixed
// figures over the asked range, so a test can compute what a page must show. A filter halves
// every activity figure (`scale`), so a test sees a filtered view differ. `empty` answers are what
// the server says for a project without events in the range.
import { type Granularity, RETENTION_DAYS, filterDimensions, overviewRanges } from '@questboard/shared/analytics-view';
import type { Explore } from '@questboard/shared/analytics-explore';
import type { CohortRow, CurveCohorts } from '@questboard/shared/analytics-answer-parts';
import {
  type Engagement,
  type EventCatalogue,
  type FilterOptions,
  type Overview,
  type Players,
  sessionLengthBuckets,
} from '@questboard/shared/analytics-answers';
import type { Player } from '@questboard/shared/analytics-player';
import type { Retention, Revenue } from '@questboard/shared/analytics-cohort-answers';

import { aStoredEvent } from '../../../testing/stored-event';
import type { AnalyticsView } from '../view/view-query';

/** The view a call asked for, read from its query string. */
export interface StandInQuery extends AnalyticsView {
  /** Every parameter as sent (mode, event, measure, property, breakdown...). */
  raw: Record<string, string>;
}

const DAY_MS = 86_400_000;

/** The first day of each bucket of the range (ADR 010: the first bucket starts at `from`). */
export function bucketDates(from: string, to: string, granularity: Granularity): string[] {
  const dates: string[] = [];
  let previousKey = '';
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    const day = new Date(at);
    const key =
      granularity === 'day'
        ? day.toISOString()
        : granularity === 'week'
          ? new Date(at - ((day.getUTCDay() + 6) % 7) * DAY_MS).toISOString()
          : day.toISOString().slice(0, 7);
    if (key !== previousKey) dates.push(day.toISOString().slice(0, 10));
    previousKey = key;
  }
  return dates;
}

const todayOf = () => new Date().toISOString().slice(0, 10);

/** The buckets the server marks so far: here simply the last one when the range reaches today. */
export const sampleIncomplete = (query: StandInQuery): string[] =>
  query.to >= todayOf() ? bucketDates(query.from, query.to, query.granularity).slice(-1) : [];

/** The cohorts the sample curves follow: those of the range's first day, to its age (at most 30). */
function sampleCurveCohorts(query: StandInQuery, users: number): CurveCohorts {
  if (users === 0) return null;
  const age = Math.round((Date.parse(`${todayOf()}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS);
  return { from: query.from, to: query.from, users, lastDay: Math.max(0, Math.min(RETENTION_DAYS, age)) };
}

/** 0.5 when the view has any filter, else 1: filtered figures are half the unfiltered ones. */
export const scaleOf = (query: StandInQuery) => (filterDimensions.some((dimension) => query[dimension].length > 0) ? 0.5 : 1);

/** The DAU of the nth bucket in the sample: 100, 110, 120... (times the scale). */
export const sampleDau = (index: number, scale = 1) => (100 + 10 * index) * scale;

export const SAMPLE_CURRENCY = 'EUR';

/** Figures of the overview sample (unfiltered); the previous range has 80% of each. */
export const sampleOverviewValues = {
  dau: 150,
  'new-users': 420,
  mau: 1800,
  sessions: 5200,
  'session-length': 83,
  revenue: 1234.5,
  arpdau: 0.27,
  'd1-retention': 0.42,
  'd7-retention': 0.18,
} as const;

export function sampleOverview(query: StandInQuery): Overview {
  const dates = bucketDates(query.from, query.to, query.granularity);
  const scale = scaleOf(query);
  const ratio = (key: keyof typeof sampleOverviewValues) => key === 'd1-retention' || key === 'd7-retention' || key === 'arpdau' || key === 'session-length';
  return {
    range: { from: query.from, to: query.to },
    ...overviewRanges(query, todayOf()),
    incomplete: sampleIncomplete(query),
    currency: SAMPLE_CURRENCY,
    excludedPurchases: [],
    cards: (Object.keys(sampleOverviewValues) as (keyof typeof sampleOverviewValues)[]).map((key) => {
      const value = sampleOverviewValues[key] * (ratio(key) ? 1 : scale);
      return {
        key,
        value,
        previous: value * 0.8,
        series: dates.map((date, index) => ({ date, value: ratio(key) ? value : sampleDau(index, scale) })),
      };
    }),
    totalEvents: 14_510 * scale,
    topEvents: [
      { name: 'level_complete', count: 9000 * scale },
      { name: 'session_start', count: 5200 * scale },
      { name: 'purchase', count: 310 * scale },
    ],
  };
}

export function emptyOverview(query: StandInQuery): Overview {
  const dates = bucketDates(query.from, query.to, query.granularity);
  const zeroes = ['dau', 'new-users', 'mau', 'sessions', 'revenue'];
  return {
    range: { from: query.from, to: query.to },
    ...overviewRanges(query, todayOf()),
    incomplete: sampleIncomplete(query),
    currency: SAMPLE_CURRENCY,
    excludedPurchases: [],
    cards: (Object.keys(sampleOverviewValues) as (keyof typeof sampleOverviewValues)[]).map((key) => ({
      key,
      value: zeroes.includes(key) ? 0 : null,
      previous: zeroes.includes(key) ? 0 : null,
      series: dates.map((date) => ({ date, value: zeroes.includes(key) ? 0 : null })),
    })),
    totalEvents: 0,
    topEvents: [],
  };
}

const breakdown = (values: (string | null)[], scale: number) =>
  values.map((value, index) => ({ value, users: (600 - index * 200) * scale, newUsers: (200 - index * 50) * scale, events: (9000 - index * 3000) * scale }));

export function samplePlayers(query: StandInQuery, empty = false): Players {
  const scale = empty ? 0 : scaleOf(query);
  const dates = bucketDates(query.from, query.to, query.granularity);
  return {
    totals: {
      activeUsers: 1200 * scale,
      newUsers: 420 * scale,
      returningUsers: 780 * scale,
      averageDau: empty ? null : 150 * scale,
      stickiness: empty ? null : 0.25,
    },
    series: dates.map((date, index) => ({
      date,
      dau: sampleDau(index, scale),
      wau: 400 * scale,
      mau: 1000 * scale,
      stickiness: empty ? null : 0.1 + index / 1000,
      activeUsers: sampleDau(index, scale),
      newUsers: 20 * scale,
      returningUsers: sampleDau(index, scale) - 20 * scale,
    })),
    breakdowns: empty
      ? { platform: [], country: [], app_version: [] }
      : {
          platform: breakdown(['ios', 'android', null], scale),
          country: breakdown(['DE', 'US', 'FR'], scale),
          app_version: breakdown(['1.2.0', '1.1.0'], scale),
        },
    incomplete: sampleIncomplete(query),
  };
}

const cohort = (date: string, size: number, value: (day: number) => number, today: string): CohortRow => ({
  cohort: date,
  size,
  values: Array.from({ length: RETENTION_DAYS + 1 }, (_, day) =>
    Date.parse(`${date}T00:00:00Z`) + day * DAY_MS > Date.parse(`${today}T00:00:00Z`) ? null : value(day),
  ),
});

export function sampleRevenue(query: StandInQuery, empty = false): Revenue {
  const scale = empty ? 0 : scaleOf(query);
  const dates = bucketDates(query.from, query.to, query.granularity);
  const today = todayOf();
  return {
    currency: SAMPLE_CURRENCY,
    excludedPurchases: [],
    totals: {
      revenue: 1234.5 * scale,
      transactions: 310 * scale,
      payingUsers: 120 * scale,
      activeUsers: 1200 * scale,
      arpdau: empty ? null : 0.27,
      arppu: empty ? null : 10.29,
      payingConversion: empty ? null : 0.1,
    },
    series: dates.map((date, index) => ({ date, revenue: (40 + index) * scale, transactions: 10 * scale, payingUsers: 4 * scale, arpdau: empty ? null : 0.25 })),
    topProducts: empty
      ? []
      : [
          { productId: 'gem_pack_small', revenue: 800 * scale, transactions: 200 * scale, buyers: 90 * scale },
          { productId: 'starter_bundle', revenue: 434.5 * scale, transactions: 110 * scale, buyers: 60 * scale },
        ],
    ltv: {
      cohorts: empty ? [] : bucketDates(query.from, query.to, query.granularity).map((date) => cohort(date, 50 * scale, (day) => 0.1 * (day + 1), today)),
      average: empty ? Array.from({ length: RETENTION_DAYS + 1 }, () => null) : Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => 0.1 * (day + 1)),
      averageCohorts: sampleCurveCohorts(query, 50 * scale),
    },
    incomplete: sampleIncomplete(query),
  };
}

export function sampleRetention(query: StandInQuery, empty = false): Retention {
  const mode = query.raw.mode === 'rolling' ? 'rolling' : 'classic';
  const today = todayOf();
  const rate = (day: number) => (day === 0 ? 1 : Math.max(0.05, (mode === 'rolling' ? 0.6 : 0.45) / Math.sqrt(day)));
  return {
    mode,
    cohorts: empty ? [] : bucketDates(query.from, query.to, query.granularity).map((date) => cohort(date, 40 * scaleOf(query), rate, today)),
    curve: Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => ({ day, rate: empty ? null : rate(day), cohortUsers: empty ? 0 : 400 * scaleOf(query) })),
    curveCohorts: sampleCurveCohorts(query, empty ? 0 : 400 * scaleOf(query)),
  };
}

export function sampleEngagement(query: StandInQuery, empty = false): Engagement {
  const scale = empty ? 0 : scaleOf(query);
  return {
    totals: {
      sessions: 5200 * scale,
      averageSessionLength: empty ? null : 83,
      medianSessionLength: empty ? null : 61,
      sessionsPerDau: empty ? null : 1.8,
    },
    series: bucketDates(query.from, query.to, query.granularity).map((date, index) => ({
      date,
      sessions: (150 + index) * scale,
      sessionsPerDau: empty ? null : 1.8,
      averageSessionLength: empty ? null : 80 + index,
    })),
    sessionLength: sessionLengthBuckets.map((bucket, index) => ({ label: bucket.label, minSeconds: bucket.min, maxSeconds: bucket.max, sessions: (index + 1) * 100 * scale })),
    incomplete: sampleIncomplete(query),
  };
}

export function sampleExplore(query: StandInQuery, empty = false): Explore {
  const scale = empty ? 0 : scaleOf(query);
  const dates = bucketDates(query.from, query.to, query.granularity);
  const breakdownBy = query.raw.breakdown ?? 'none';
  const keys: (string | null)[] = breakdownBy === 'none' ? [null] : breakdownBy === 'name' ? ['level_complete', 'purchase'] : ['ios', 'android'];
  return {
    series: keys.map((key, index) => ({
      key,
      label: key ?? (query.raw.event !== undefined && query.raw.event !== '' ? query.raw.event : 'All events'),
      source: 'A',
      total: dates.length * (10 - index) * scale,
      points: dates.map((date) => ({ date, value: (10 - index) * scale })),
    })),
    truncated: false,
    incomplete: sampleIncomplete(query),
    currency: query.raw.property === 'revenue_amount' ? SAMPLE_CURRENCY : null,
    excludedPurchases: [],
  };
}

export function sampleEventCatalogue(empty = false): EventCatalogue {
  if (empty) return { events: [] };
  const lastSeen = new Date(Date.now() - 60_000).toISOString();
  return {
    events: [
      { name: 'level_complete', count: 9000, users: 700, lastSeen, propertyKeys: ['level', 'score', 'duration'] },
      { name: 'session_start', count: 5200, users: 900, lastSeen, propertyKeys: [] },
      { name: 'purchase', count: 310, users: 120, lastSeen: new Date(Date.now() - 3_600_000).toISOString(), propertyKeys: ['store'] },
    ],
  };
}

export const sampleFilterOptions = (empty = false): FilterOptions =>
  empty ? { platform: [], country: [], app_version: [] } : { platform: ['ios', 'android'], country: ['DE', 'US', 'FR'], app_version: ['1.2.0', '1.1.0'] };

/** A player 'ada' with two sessions and three events (a purchase among them). */
export function samplePlayer(userId = 'ada'): Player {
  const at = (minutesAgo: number) => new Date(Date.parse('2026-03-10T12:00:00Z') - minutesAgo * 60_000).toISOString();
  const event = (name: string, minutesAgo: number, extra: Partial<Player['recentEvents'][number]> = {}) =>
    aStoredEvent({
      insert_id: `${name}-${minutesAgo}`,
      name,
      user_id: userId,
      session_id: 's2',
      timestamp: at(minutesAgo),
      received_at: at(minutesAgo),
      app_version: '1.2.0',
      ...extra,
    });
  return {
    userId,
    firstSeen: at(60 * 24 * 3),
    lastSeen: at(0),
    events: 3,
    sessions: 2,
    revenue: 4.99,
    purchases: 1,
    currency: SAMPLE_CURRENCY,
    excludedPurchases: [],
    platform: 'ios',
    country: 'DE',
    appVersion: '1.2.0',
    demo: false,
    recentSessions: [
      { sessionId: 's2', start: at(10), end: at(0), events: 2, lengthSeconds: 600 },
      { sessionId: 's1', start: at(60 * 24 * 3), end: at(60 * 24 * 3 - 1), events: 1, lengthSeconds: 83 },
    ],
    recentEvents: [
      event('purchase', 0, { revenue_amount: 4.99, currency: SAMPLE_CURRENCY, product_id: 'gem_pack_small', properties: { store: 'app_store' } }),
      event('level_complete', 10, { properties: { level: 3, score: 1200 } }),
      event('session_start', 60 * 24 * 3, { session_id: 's1' }),
    ],
  };
}
