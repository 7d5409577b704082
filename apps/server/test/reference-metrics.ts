import {
  filterDimensions,
  isoDate,
  previousRange,
  RETENTION_DAYS,
  type AnalyticsFilters,
  type AnalyticsQuery,
  type FilterDimension,
  type Granularity,
  type RetentionMode,
  type RetentionQuery,
} from '@questboard/shared/analytics-view';
import { REVENUE_PROPERTY, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import { referenceExplore, type Spec } from './reference-explore';
import type { CohortRow } from '@questboard/shared/analytics-answer-parts';
import {
  overviewMetricKeys,
  sessionLengthBuckets,
  type BreakdownRow,
  type Engagement,
  type EventCatalogue,
  type FilterOptions,
  type Overview,
  type OverviewMetricKey,
  type Players,
} from '@questboard/shared/analytics-answers';
import { PLAYER_EVENTS_LIMIT, PLAYER_SESSIONS_LIMIT, type Player } from '@questboard/shared/analytics-player';
import type { Retention, Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { StoredEvent } from '@questboard/shared/events';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import type { ProjectMetrics } from '../src/modules/analytics/project-metrics';
import type { StoreAnswer } from '../src/modules/analytics/store-answer';
import type { NewEvent } from '../src/modules/events/event-store';
import { referenceEconomy, referenceLevels } from './reference-game-design';
import { referenceFunnelMetrics } from './reference-funnel';
import { referenceExperimentSums } from './reference-experiment-sums';

// The reference implementation of every analytics metric (ADR 010), in plain loops over an array of
// events: the tests compare the DuckDB store's answers with it. Readability over speed, always.
//
// Choices ADR 010 leaves open, made here (the SQL side makes the same ones):
//  1. Event order: timestamp, then received time, then insert_id. A user's install is their first
//     event in that order; "latest" (player profile, recentEvents) is the reverse order. An insert_id
//     seen twice counts once (the first one), as the store keeps it.
//  2. Sessions are cut from all of a user's events, whatever the filters; the filters then match the
//     session's first event (so a session's events may have other attributes).
//  3. Returning users (totals and buckets): active users whose install day is before the first day of
//     the range or bucket inside the range; their install need not match the filters.
//  4. averageDau is the mean over the range's days, never null (0 without users). Ratios are null
//     when what they divide by is 0 (stickiness on MAU 0, ARPDAU on summed DAU 0, and so on).
//  5. Money (ADR 011): a purchase is an event with revenue_amount above 0 (0 is no transaction).
//     Its worth is the amount in the reporting currency, or amount x the rate of its currency;
//     without a rate it has none and counts nowhere (revenue, transactions, paying users, products,
//     LTV, the explorer's revenue_amount), and is listed under excludedPurchases: per currency, the
//     range's matching purchases and their amount as sent, most purchases first, then code asc.
//  6. Breakdown rows: events and users from the range's matching events; newUsers = the range's new
//     users (install in range, matching) whose install carried the value.
//  7. Retention and LTV cohort rows: only buckets with at least one installed user, oldest first.
//     Every curve (a row, the retention curve, the average LTV) follows one set of users: those
//     installed at least N days before today, for the N of 0..30 with the most (N + 1) × users (the
//     larger N on a tie); days after N are null. cohortUsers is that set's size up to N, else 0.
// 11. Overview: with `to` before today the cards cover the range against the range before; a range
//     reaching today covers its days before today against as many days before them; a range
//     starting today or later has its figures so far and nothing to compare (previous null).
//  8. Explorer: breakdown 'none' gives one series, key null, label the event name or 'All events'.
//     A breakdown ranks its values by events (all selected events, with or without the property),
//     ties by key asc (null last); the null key is labelled '(not set)'; 'Other' (key and label)
//     comes last. Empty buckets: 0 for count, users and sum; null for average. Totals are over the
//     whole range (users: distinct over the range). `revenue_amount` means a purchase's worth (choice 5).
//  9. Event catalogue: the range's matching events by name (no limit), count desc then name asc;
//     lastSeen is the latest matching event in the range; propertyKeys: every key, sorted, first 50.
//     Overview top events: count desc, then name asc.
// 10. Filter options: non-null values only, by event count desc then value asc.
// 11. Player: platform, country, app version and demo are the latest event's (choice 1), null when
//     that event has none; sessions and recentSessions count all of the user's sessions (newest
//     start first, then sessionId asc, nulls last, at most 50).
// Text is compared by code unit (plain < and >), nulls last.

const DAY_MS = 86_400_000;
const SESSION_GAP_MS = 30 * 60_000;
const TOP_EVENTS = 10;
const TOP_PRODUCTS = 10;
const BREAKDOWN_ROWS = 20;
const FILTER_OPTIONS = 100;
const CATALOGUE_KEYS = 50;

interface Row {
  event: NewEvent;
  ms: number;
  day: string;
}

interface User {
  id: string;
  /** In event order (choice 1). */
  rows: Row[];
  install: Row;
  installDay: string;
  days: Set<string>;
  /** Its purchases (revenue_amount above 0, any currency), in event order. */
  purchases: Row[];
}

interface Session {
  userId: string;
  /** null: cut by the 30-minute gap rule. */
  sessionId: string | null;
  first: Row;
  start: number;
  end: number;
  events: number;
  day: string;
}

interface Data {
  rows: Row[];
  users: Map<string, User>;
  sessions: Session[];
}

/** Filters plus every matching event, and who was active on which day (over all days). */
interface View {
  filters: AnalyticsFilters;
  rows: Row[];
  /** The matching purchases (revenue_amount above 0, any currency). */
  purchases: Row[];
  activeOn: Map<string, Set<string>>;
}

interface Range {
  from: string;
  to: string;
}

export function referenceMetrics(events: readonly NewEvent[]): ProjectMetrics {
  const data = prepare(events);
  return {
    overview: (_projectId, query, today, money) => Promise.resolve(overview(data, query, today, money)),
    players: (_projectId, query) => Promise.resolve(players(data, query)),
    player: (_projectId, userId, money) => Promise.resolve(player(data, userId, money)),
    revenue: (_projectId, query, today, money) => Promise.resolve(revenue(data, query, today, money)),
    retention: (_projectId, query, today) => Promise.resolve(retention(data, query, today)),
    engagement: (_projectId, query) => Promise.resolve(engagement(data, query)),
    explore: (_projectId, query, money) => Promise.resolve(explore(data, query, money)),
    eventCatalogue: (_projectId, query) => Promise.resolve(eventCatalogue(data, query)),
    filterOptions: (_projectId, query) => Promise.resolve(filterOptions(data, query)),
    levels: (_projectId, query) => Promise.resolve(referenceLevels(events, query)),
    economy: (_projectId, query) => Promise.resolve(referenceEconomy(events, query)),
    ...referenceFunnelMetrics(events),
    experimentSums: (_projectId, query) => Promise.resolve(referenceExperimentSums(events, query)),
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function addDays(day: string, days: number): string {
  return isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

function bucketStart(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** The range's buckets, each labelled with its first day inside the range. */
function bucketsOf(range: Range, granularity: Granularity): { date: string; days: string[] }[] {
  const buckets: { date: string; days: string[]; start: string }[] = [];
  for (const day of daysOf(range)) {
    const start = bucketStart(day, granularity);
    const current = buckets.at(-1);
    if (current?.start === start) current.days.push(day);
    else buckets.push({ date: day, days: [day], start });
  }
  return buckets.map(({ date, days }) => ({ date, days }));
}

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function compareRows(a: Row, b: Row): number {
  return a.ms - b.ms || a.event.receivedAt.getTime() - b.event.receivedAt.getTime() || compareText(a.event.insert_id, b.event.insert_id);
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function mean(values: readonly number[]): number | null {
  return ratio(sum(values), values.length);
}

function attribute(event: NewEvent, dimension: FilterDimension): string | null {
  return event[dimension] ?? null;
}

function matches(event: NewEvent, filters: AnalyticsFilters): boolean {
  for (const dimension of filterDimensions) {
    const wanted = filters[dimension];
    if (wanted.length === 0) continue;
    const value = attribute(event, dimension);
    if (value === null || !wanted.includes(value)) return false;
  }
  return true;
}

function inDays(day: string, days: readonly string[]): boolean {
  return day >= days[0]! && day <= days.at(-1)!;
}

function amountOf(row: Row): number | null {
  return typeof row.event.revenue_amount === 'number' ? row.event.revenue_amount : null;
}

function isPurchase(row: Row): boolean {
  return (amountOf(row) ?? 0) > 0;
}

/** A purchase's amount in the reporting currency; null for no purchase or no rate (choice 5). */
function worthOf(row: Row, money: ProjectMoney): number | null {
  const amount = amountOf(row);
  if (amount === null || amount <= 0) return null;
  if (row.event.currency === money.currency) return amount;
  const rate = row.event.currency === undefined ? undefined : money.rates[row.event.currency];
  return rate === undefined ? null : amount * rate;
}

function excludedOf(rows: readonly Row[], money: ProjectMoney): ExcludedPurchases {
  const left = groupBy(
    rows.filter((row) => isPurchase(row) && worthOf(row, money) === null),
    (row) => row.event.currency ?? '',
  );
  return [...left]
    .map(([currency, group]) => ({ currency, purchases: group.length, amount: sum(group.map((row) => amountOf(row)!)) }))
    .sort((a, b) => b.purchases - a.purchases || compareText(a.currency, b.currency));
}

function groupBy<K>(rows: readonly Row[], keyOf: (row: Row) => K): Map<K, Row[]> {
  const groups = new Map<K, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

function distinctUsers(rows: readonly Row[]): Set<string> {
  return new Set(rows.map((row) => row.event.user_id));
}

// ---------------------------------------------------------------------------------------------
// The data: events in order, users with their install, sessions

function prepare(events: readonly NewEvent[]): Data {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const event of events) {
    if (seen.has(event.insert_id)) continue;
    seen.add(event.insert_id);
    const ms = Date.parse(event.timestamp);
    rows.push({ event, ms, day: isoDate(new Date(ms)) });
  }
  rows.sort(compareRows);
  const users = new Map<string, User>();
  for (const row of rows) {
    let user = users.get(row.event.user_id);
    if (!user) {
      user = { id: row.event.user_id, rows: [], install: row, installDay: row.day, days: new Set(), purchases: [] };
      users.set(user.id, user);
    }
    user.rows.push(row);
    user.days.add(row.day);
    if (isPurchase(row)) user.purchases.push(row);
  }
  const sessions: Session[] = [];
  for (const user of users.values()) sessions.push(...sessionsOf(user));
  return { rows, users, sessions };
}

function sessionsOf(user: User): Session[] {
  const bySessionId = groupBy(
    user.rows.filter((row) => typeof row.event.session_id === 'string'),
    (row) => row.event.session_id!,
  );
  const withoutId: Row[][] = [];
  for (const row of user.rows) {
    if (typeof row.event.session_id === 'string') continue;
    const current = withoutId.at(-1);
    const previous = current?.at(-1);
    if (current && previous && row.ms - previous.ms < SESSION_GAP_MS) current.push(row);
    else withoutId.push([row]);
  }
  const session = (sessionId: string | null, group: Row[]): Session => ({
    userId: user.id,
    sessionId,
    first: group[0]!,
    start: group[0]!.ms,
    end: group.at(-1)!.ms,
    events: group.length,
    day: group[0]!.day,
  });
  return [
    ...[...bySessionId].map(([sessionId, group]) => session(sessionId, group)),
    ...withoutId.map((group) => session(null, group)),
  ];
}

function viewOf(data: Data, filters: AnalyticsFilters): View {
  const rows = data.rows.filter((row) => matches(row.event, filters));
  const activeOn = new Map<string, Set<string>>();
  for (const row of rows) {
    const users = activeOn.get(row.day) ?? new Set<string>();
    users.add(row.event.user_id);
    activeOn.set(row.day, users);
  }
  return { filters, rows, purchases: rows.filter(isPurchase), activeOn };
}

function rowsIn(view: View, days: readonly string[]): Row[] {
  return view.rows.filter((row) => inDays(row.day, days));
}

function dau(view: View, day: string): number {
  return view.activeOn.get(day)?.size ?? 0;
}

function activeOver(view: View, days: readonly string[]): Set<string> {
  const users = new Set<string>();
  for (const day of days) for (const user of view.activeOn.get(day) ?? []) users.add(user);
  return users;
}

/** WAU (7) or MAU (30) on `day`: the trailing window ending on it, before the range too. */
function trailing(view: View, day: string, length: number): number {
  return activeOver(view, Array.from({ length }, (_, back) => addDays(day, -back))).size;
}

function summedDau(view: View, days: readonly string[]): number {
  return sum(days.map((day) => dau(view, day)));
}

/** Users installed on these days whose install matches the filters. */
function cohortOf(data: Data, days: readonly string[], filters: AnalyticsFilters): User[] {
  return [...data.users.values()].filter((user) => inDays(user.installDay, days) && matches(user.install.event, filters));
}

function returningUsers(data: Data, active: Set<string>, firstDay: string): number {
  return [...active].filter((id) => data.users.get(id)!.installDay < firstDay).length;
}

function sessionsIn(data: Data, view: View, days: readonly string[]): Session[] {
  return data.sessions.filter((session) => inDays(session.day, days) && matches(session.first.event, view.filters));
}

function lengthSeconds(session: Session): number {
  return (session.end - session.start) / 1000;
}

/** The counted purchases of these days: above 0 and convertible. */
function transactionsIn(view: View, days: readonly string[], money: ProjectMoney): Row[] {
  return view.purchases.filter((row) => inDays(row.day, days) && worthOf(row, money) !== null);
}

function revenueOf(rows: readonly Row[], money: ProjectMoney): number {
  return sum(rows.map((row) => worthOf(row, money) ?? 0));
}

function eligible(users: readonly User[], day: number, today: string): User[] {
  return users.filter((user) => addDays(user.installDay, day) <= today);
}

function isRetained(user: User, day: number, mode: RetentionMode): boolean {
  const target = addDays(user.installDay, day);
  if (mode === 'classic') return user.days.has(target);
  return [...user.days].some((active) => active >= target);
}

function retentionRate(users: readonly User[], day: number, mode: RetentionMode, today: string): number | null {
  const counted = eligible(users, day, today);
  return ratio(counted.filter((user) => isRetained(user, day, mode)).length, counted.length);
}

function ltvAt(users: readonly User[], day: number, today: string, money: ProjectMoney): number | null {
  const counted = eligible(users, day, today);
  let revenue = 0;
  for (const user of counted) {
    const last = addDays(user.installDay, day);
    for (const row of user.purchases) if (row.day <= last) revenue += worthOf(row, money) ?? 0;
  }
  return ratio(revenue, counted.length);
}

/** The users a curve follows (rule 7) and its last day; null when nobody has installed yet. */
function followed(users: readonly User[], today: string): { users: User[]; lastDay: number } | null {
  let best: { users: User[]; lastDay: number } | null = null;
  for (let day = 0; day <= RETENTION_DAYS; day += 1) {
    const reached = users.filter((user) => addDays(user.installDay, day) <= today);
    if (reached.length === 0) break;
    if (!best || (day + 1) * reached.length >= (best.lastDay + 1) * best.users.length) best = { users: reached, lastDay: day };
  }
  return best;
}

/** A curve over the users `followed` picks, and which install days and how many users those are. */
function curveOf(users: readonly User[], today: string, value: (users: User[], day: number) => number | null) {
  const set = followed(users, today);
  const installDays = (set?.users ?? []).map((user) => user.installDay).sort();
  return {
    values: retentionDays().map((day) => (set && day <= set.lastDay ? value(set.users, day) : null)),
    cohorts: set ? { from: installDays[0]!, to: installDays.at(-1)!, users: set.users.length, lastDay: set.lastDay } : null,
  };
}

function retentionDays(): number[] {
  return Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => day);
}

function cohortRows(data: Data, query: AnalyticsQuery, today: string, value: (users: User[], day: number) => number | null): CohortRow[] {
  const rows: CohortRow[] = [];
  for (const bucket of bucketsOf(query, query.granularity)) {
    const users = cohortOf(data, bucket.days, query);
    if (users.length === 0) continue;
    rows.push({ cohort: bucket.date, size: users.length, values: curveOf(users, today, value).values });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The methods

function overview(data: Data, query: AnalyticsQuery, today: string, money: ProjectMoney): StoreAnswer<Overview> {
  const view = viewOf(data, query);
  const complete = query.to < today ? query.to : query.from < today ? addDays(today, -1) : null;
  const cardRange = { from: query.from, to: complete ?? query.to };
  const previous = complete === null ? null : previousRange(cardRange);
  const current = cardFigures(data, view, daysOf(cardRange), today, money);
  const before = previous ? cardFigures(data, view, daysOf(previous), today, money) : null;
  const buckets = bucketsOf(query, query.granularity).map((bucket) => ({ date: bucket.date, figures: cardFigures(data, view, bucket.days, today, money) }));
  const inRange = rowsIn(view, daysOf(query));
  const names = groupBy(inRange, (row) => row.event.name);
  return {
    range: { from: query.from, to: query.to },
    cardRange,
    previousRange: previous,
    currency: money.currency,
    excludedPurchases: excludedOf(inRange, money),
    cards: overviewMetricKeys.map((key) => ({
      key,
      value: current[key],
      previous: before?.[key] ?? null,
      series: buckets.map((bucket) => ({ date: bucket.date, value: bucket.figures[key] })),
    })),
    totalEvents: inRange.length,
    topEvents: [...names]
      .map(([name, rows]) => ({ name, count: rows.length }))
      .sort((a, b) => b.count - a.count || compareText(a.name, b.name))
      .slice(0, TOP_EVENTS),
  };
}

/** The overview cards' figures over consecutive days (the range, the previous range or a bucket). */
function cardFigures(data: Data, view: View, days: string[], today: string, money: ProjectMoney): Record<OverviewMetricKey, number | null> {
  const cohort = cohortOf(data, days, view.filters);
  const sessions = sessionsIn(data, view, days);
  const revenue = revenueOf(transactionsIn(view, days, money), money);
  return {
    dau: mean(days.map((day) => dau(view, day))),
    'new-users': cohort.length,
    mau: trailing(view, days.at(-1)!, 30),
    sessions: sessions.length,
    'session-length': mean(sessions.map(lengthSeconds)),
    revenue,
    arpdau: ratio(revenue, summedDau(view, days)),
    'd1-retention': retentionRate(cohort, 1, 'classic', today),
    'd7-retention': retentionRate(cohort, 7, 'classic', today),
  };
}

function players(data: Data, query: AnalyticsQuery): StoreAnswer<Players> {
  const view = viewOf(data, query);
  const days = daysOf(query);
  const active = activeOver(view, days);
  const averageDau = sum(days.map((day) => dau(view, day))) / days.length;
  const cohort = cohortOf(data, days, query);
  return {
    totals: {
      activeUsers: active.size,
      newUsers: cohort.length,
      returningUsers: returningUsers(data, active, query.from),
      averageDau,
      stickiness: ratio(averageDau, trailing(view, query.to, 30)),
    },
    series: bucketsOf(query, query.granularity).map((bucket) => {
      const last = bucket.days.at(-1)!;
      const bucketActive = activeOver(view, bucket.days);
      const ratios: number[] = [];
      for (const day of bucket.days) {
        const mau = trailing(view, day, 30);
        if (mau > 0) ratios.push(dau(view, day) / mau);
      }
      return {
        date: bucket.date,
        dau: sum(bucket.days.map((day) => dau(view, day))) / bucket.days.length,
        wau: trailing(view, last, 7),
        mau: trailing(view, last, 30),
        stickiness: mean(ratios),
        activeUsers: bucketActive.size,
        newUsers: cohortOf(data, bucket.days, query).length,
        returningUsers: returningUsers(data, bucketActive, bucket.days[0]!),
      };
    }),
    breakdowns: {
      platform: breakdown(rowsIn(view, days), cohort, 'platform'),
      country: breakdown(rowsIn(view, days), cohort, 'country'),
      app_version: breakdown(rowsIn(view, days), cohort, 'app_version'),
    },
  };
}

function breakdown(rows: readonly Row[], cohort: readonly User[], dimension: FilterDimension): BreakdownRow[] {
  const values = new Map<string | null, { users: Set<string>; newUsers: number; events: number }>();
  const entry = (value: string | null) => {
    let found = values.get(value);
    if (!found) values.set(value, (found = { users: new Set(), newUsers: 0, events: 0 }));
    return found;
  };
  for (const row of rows) {
    const found = entry(attribute(row.event, dimension));
    found.events += 1;
    found.users.add(row.event.user_id);
  }
  for (const user of cohort) entry(attribute(user.install.event, dimension)).newUsers += 1;
  return [...values]
    .map(([value, found]) => ({ value, users: found.users.size, newUsers: found.newUsers, events: found.events }))
    .sort((a, b) => b.users - a.users || compareText(a.value, b.value))
    .slice(0, BREAKDOWN_ROWS);
}

function player(data: Data, userId: string, money: ProjectMoney): Player | null {
  const user = data.users.get(userId);
  if (!user) return null;
  const newestFirst = [...user.rows].reverse();
  const latest = newestFirst[0]!.event;
  const sessions = data.sessions
    .filter((session) => session.userId === userId)
    .sort((a, b) => b.start - a.start || compareText(a.sessionId, b.sessionId));
  return {
    userId,
    firstSeen: new Date(user.rows[0]!.ms).toISOString(),
    lastSeen: new Date(user.rows.at(-1)!.ms).toISOString(),
    events: user.rows.length,
    sessions: sessions.length,
    revenue: revenueOf(user.purchases, money),
    purchases: user.purchases.filter((row) => worthOf(row, money) !== null).length,
    currency: money.currency,
    excludedPurchases: excludedOf(user.purchases, money),
    platform: latest.platform ?? null,
    country: latest.country ?? null,
    appVersion: latest.app_version ?? null,
    demo: latest.demo,
    recentSessions: sessions.slice(0, PLAYER_SESSIONS_LIMIT).map((session) => ({
      sessionId: session.sessionId,
      start: new Date(session.start).toISOString(),
      end: new Date(session.end).toISOString(),
      events: session.events,
      lengthSeconds: lengthSeconds(session),
    })),
    recentEvents: newestFirst.slice(0, PLAYER_EVENTS_LIMIT).map(storedEvent),
  };
}

function storedEvent(row: Row): StoredEvent {
  const { event } = row;
  return {
    insert_id: event.insert_id,
    name: event.name,
    user_id: event.user_id,
    session_id: event.session_id ?? null,
    timestamp: new Date(row.ms).toISOString(),
    received_at: event.receivedAt.toISOString(),
    platform: event.platform ?? null,
    app_version: event.app_version ?? null,
    build: event.build ?? null,
    country: event.country ?? null,
    properties: event.properties ?? {},
    revenue_amount: event.revenue_amount ?? null,
    currency: event.currency ?? null,
    product_id: event.product_id ?? null,
    demo: event.demo,
  };
}

function revenue(data: Data, query: AnalyticsQuery, today: string, money: ProjectMoney): StoreAnswer<Revenue> {
  const view = viewOf(data, query);
  const days = daysOf(query);
  const transactions = transactionsIn(view, days, money);
  const total = revenueOf(transactions, money);
  const paying = distinctUsers(transactions).size;
  const active = activeOver(view, days).size;
  const products = groupBy(transactions, (row) => row.event.product_id ?? null);
  const cohort = cohortOf(data, days, query);
  return {
    currency: money.currency,
    excludedPurchases: excludedOf(rowsIn(view, days), money),
    totals: {
      revenue: total,
      transactions: transactions.length,
      payingUsers: paying,
      activeUsers: active,
      arpdau: ratio(total, summedDau(view, days)),
      arppu: ratio(total, paying),
      payingConversion: ratio(paying, active),
    },
    series: bucketsOf(query, query.granularity).map((bucket) => {
      const inBucket = transactionsIn(view, bucket.days, money);
      const bucketRevenue = revenueOf(inBucket, money);
      return {
        date: bucket.date,
        revenue: bucketRevenue,
        transactions: inBucket.length,
        payingUsers: distinctUsers(inBucket).size,
        arpdau: ratio(bucketRevenue, summedDau(view, bucket.days)),
      };
    }),
    topProducts: [...products]
      .map(([productId, rows]) => ({ productId, revenue: revenueOf(rows, money), transactions: rows.length, buyers: distinctUsers(rows).size }))
      .sort((a, b) => b.revenue - a.revenue || compareText(a.productId, b.productId))
      .slice(0, TOP_PRODUCTS),
    ltv: {
      cohorts: cohortRows(data, query, today, (users, day) => ltvAt(users, day, today, money)),
      average: curveOf(cohort, today, (users, day) => ltvAt(users, day, today, money)).values,
      averageCohorts: curveOf(cohort, today, () => null).cohorts,
    },
  };
}

function retention(data: Data, query: RetentionQuery, today: string): Retention {
  const cohort = cohortOf(data, daysOf(query), query);
  const rate = (users: User[], day: number) => retentionRate(users, day, query.mode, today);
  const curve = curveOf(cohort, today, rate);
  return {
    mode: query.mode,
    cohorts: cohortRows(data, query, today, rate),
    curve: curve.values.map((value, day) => ({ day, rate: value, cohortUsers: value === null ? 0 : (curve.cohorts?.users ?? 0) })),
    curveCohorts: curve.cohorts,
  };
}

function engagement(data: Data, query: AnalyticsQuery): StoreAnswer<Engagement> {
  const view = viewOf(data, query);
  const days = daysOf(query);
  const sessions = sessionsIn(data, view, days);
  const lengths = sessions.map(lengthSeconds).sort((a, b) => a - b);
  const middle = Math.floor(lengths.length / 2);
  const median = lengths.length === 0 ? null : lengths.length % 2 === 1 ? lengths[middle]! : (lengths[middle - 1]! + lengths[middle]!) / 2;
  return {
    totals: {
      sessions: sessions.length,
      averageSessionLength: mean(lengths),
      medianSessionLength: median,
      sessionsPerDau: ratio(sessions.length, summedDau(view, days)),
    },
    series: bucketsOf(query, query.granularity).map((bucket) => {
      const inBucket = sessionsIn(data, view, bucket.days);
      return {
        date: bucket.date,
        sessions: inBucket.length,
        sessionsPerDau: ratio(inBucket.length, summedDau(view, bucket.days)),
        averageSessionLength: mean(inBucket.map(lengthSeconds)),
      };
    }),
    sessionLength: sessionLengthBuckets.map((bucket) => ({
      label: bucket.label,
      minSeconds: bucket.min,
      maxSeconds: bucket.max,
      sessions: lengths.filter((length) => length >= bucket.min && (bucket.max === null || length < bucket.max)).length,
    })),
  };
}

function numericValue(row: Row, property: string | null, money: ProjectMoney): number | null {
  if (property === REVENUE_PROPERTY) return worthOf(row, money);
  const value = property === null ? undefined : row.event.properties?.[property];
  return typeof value === 'number' ? value : null;
}

function measure(rows: readonly Row[], spec: Spec, money: ProjectMoney): number | null {
  if (spec.measure === 'count') return rows.length;
  if (spec.measure === 'users') return distinctUsers(rows).size;
  const values: number[] = [];
  for (const row of rows) {
    const value = numericValue(row, spec.property, money);
    if (value !== null) values.push(value);
  }
  return spec.measure === 'sum' ? sum(values) : mean(values);
}

function explore(data: Data, query: ExploreQuery, money: ProjectMoney): StoreAnswer<Explore> {
  return referenceExplore(
    {
      rowsOf: (view) => rowsIn(viewOf(data, view), daysOf(view)),
      dayBuckets: (view) => bucketsOf(view, view.granularity === 'hour' ? 'day' : view.granularity),
      measure: (rows, spec) => measure(rows, spec, money),
      money: (specs, rows) => {
        const measuresRevenue = specs.some((spec) => spec.property === REVENUE_PROPERTY && (spec.measure === 'sum' || spec.measure === 'average'));
        return { currency: measuresRevenue ? money.currency : null, excludedPurchases: measuresRevenue ? excludedOf(rows, money) : [] };
      },
    },
    query,
  );
}

function eventCatalogue(data: Data, query: AnalyticsQuery): EventCatalogue {
  const names = new Map<string, { count: number; users: Set<string>; lastMs: number; keys: Set<string> }>();
  for (const row of rowsIn(viewOf(data, query), daysOf(query))) {
    let found = names.get(row.event.name);
    if (!found) names.set(row.event.name, (found = { count: 0, users: new Set(), lastMs: row.ms, keys: new Set() }));
    found.count += 1;
    found.users.add(row.event.user_id);
    found.lastMs = Math.max(found.lastMs, row.ms);
    for (const key of Object.keys(row.event.properties ?? {})) found.keys.add(key);
  }
  return {
    events: [...names]
      .map(([name, found]) => ({
        name,
        count: found.count,
        users: found.users.size,
        lastSeen: new Date(found.lastMs).toISOString(),
        propertyKeys: [...found.keys].sort(compareText).slice(0, CATALOGUE_KEYS),
      }))
      .sort((a, b) => b.count - a.count || compareText(a.name, b.name)),
  };
}

function filterOptions(data: Data, query: AnalyticsQuery): FilterOptions {
  const days = daysOf(query);
  const inRange = data.rows.filter((row) => inDays(row.day, days));
  const options = (dimension: FilterDimension): string[] => {
    const counts = new Map<string, number>();
    for (const row of inRange) {
      const value = attribute(row.event, dimension);
      if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts]
      .sort(([a, countA], [b, countB]) => countB - countA || compareText(a, b))
      .slice(0, FILTER_OPTIONS)
      .map(([value]) => value);
  };
  return { platform: options('platform'), country: options('country'), app_version: options('app_version') };
}

// ---------------------------------------------------------------------------------------------
// Comparing answers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where two answers first differ ('$.cards[3].value: 1.5 ≠ 2'), or undefined when they agree:
 * numbers within 1e-9 relative, everything else exactly; a missing field equals an undefined one.
 */
export function firstDifference(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') {
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    return Math.abs(actual - expected) <= 1e-9 * scale ? undefined : `${path}: ${actual} ≠ ${expected}`;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${path}: ${actual.length} items ≠ ${expected.length} items`;
    for (let index = 0; index < actual.length; index += 1) {
      const difference = firstDifference(actual[index], expected[index], `${path}[${index}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isRecord(actual) && isRecord(expected)) {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    for (const key of [...keys].sort()) {
      const difference = firstDifference(actual[key], expected[key], `${path}.${key}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : `${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
}
