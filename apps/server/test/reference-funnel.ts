import {
  FUNNEL_BREAKDOWN_MAX,
  type Funnel,
  type FunnelFilter,
  type FunnelPlayers,
  type FunnelPlayersQuery,
  type FunnelQuery,
  type FunnelStep,
} from '@questboard/shared/analytics-funnels';
import { filterDimensions, isoDate, type Granularity } from '@questboard/shared/analytics-view';
import type { FunnelMetrics } from '../src/modules/analytics/funnels/funnel-metrics';
import type { StoreAnswer } from '../src/modules/analytics/store-answer';
import type { NewEvent } from '../src/modules/events/event-store';

// The reference implementation of funnels (ADR 027, docs/product/metrics.md#funnels), in plain
// loops over an array of events: the tests compare the DuckDB store's answers with it. Readability
// over speed. The definition, as the help page says it:
//  - Only events in the range (UTC days, both ends included) that match the view's filters count.
//    An insert_id seen twice is one event (the first); deleted events are not given to it.
//  - A player enters at their first event in the range matching step 1 (any order: matching any
//    step); two events in the same millisecond are taken in insert_id order. The entry's value is
//    their breakdown value.
//  - The window runs from the entry: an event at entry + window exactly still counts.
//  - Strict order: step n is the first event matching it at a later millisecond than step n - 1's,
//    within the window. Other events, other steps' included, may come in between.
//  - Any order: each step is done at its first matching event from the entry on within the window
//    (one event may do several steps); "step n" is reached when n steps are done, at the nth of
//    those times.
//  - Time to convert is from the entry to the step; median and p90 interpolate linearly between
//    the two nearest values (as quantile_cont).

interface Ev {
  userId: string;
  insertId: string;
  t: number;
  event: NewEvent;
}

interface Entrant {
  userId: string;
  key: string | null;
  /** Epoch ms each step was reached, null where it was not. */
  times: (number | null)[];
}

const DAY_MS = 86_400_000;

function propertyText(event: NewEvent, key: string): string | null {
  const value = event.properties?.[key];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : String(value);
}

function matchesFilter(event: NewEvent, filter: FunnelFilter): boolean {
  if (filter.operator === 'eq') return propertyText(event, filter.property) === filter.value;
  if (filter.operator === 'neq') {
    const value = propertyText(event, filter.property);
    return value !== null && value !== filter.value;
  }
  if (filter.operator === 'in') {
    const value = propertyText(event, filter.property);
    return value !== null && filter.values.includes(value);
  }
  const value = event.properties?.[filter.property];
  if (typeof value !== 'number') return false;
  switch (filter.operator) {
    case 'gt':
      return value > filter.value;
    case 'gte':
      return value >= filter.value;
    case 'lt':
      return value < filter.value;
    case 'lte':
      return value <= filter.value;
  }
}

function matchesStep(event: NewEvent, step: FunnelStep): boolean {
  return event.name === step.event && step.filters.every((filter) => matchesFilter(event, filter));
}

function eventsOf(events: readonly NewEvent[], query: FunnelQuery): Map<string, Ev[]> {
  const seen = new Set<string>();
  const start = Date.parse(`${query.from}T00:00:00Z`);
  const end = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const byUser = new Map<string, Ev[]>();
  for (const event of events) {
    if (seen.has(event.insert_id)) continue;
    seen.add(event.insert_id);
    const t = Date.parse(event.timestamp);
    if (t < start || t >= end) continue;
    if (!filterDimensions.every((dimension) => query[dimension].length === 0 || query[dimension].includes(event[dimension] ?? '\u0000'))) continue;
    const list = byUser.get(event.user_id) ?? [];
    list.push({ userId: event.user_id, insertId: event.insert_id, t, event });
    byUser.set(event.user_id, list);
  }
  for (const list of byUser.values()) list.sort((a, b) => a.t - b.t || (a.insertId < b.insertId ? -1 : a.insertId > b.insertId ? 1 : 0));
  return byUser;
}

function breakdownValue(query: FunnelQuery, event: NewEvent): string | null {
  if (query.breakdown === 'none') return null;
  if (query.breakdown === 'property') return propertyText(event, query.breakdownProperty ?? '');
  return event[query.breakdown] ?? null;
}

/** Every player who entered, with the time they reached each step. */
export function funnelEntrants(events: readonly NewEvent[], query: FunnelQuery): Entrant[] {
  const windowMs = query.window * 60_000;
  const entrants: Entrant[] = [];
  for (const [userId, list] of eventsOf(events, query)) {
    const entry = list.find((item) => (query.order === 'strict' ? matchesStep(item.event, query.steps[0]!) : query.steps.some((step) => matchesStep(item.event, step))));
    if (!entry) continue;
    const times: (number | null)[] = [];
    if (query.order === 'strict') {
      let previous = entry.t;
      times.push(entry.t);
      for (const step of query.steps.slice(1)) {
        const next = list.find((item) => item.t > previous && item.t <= entry.t + windowMs && matchesStep(item.event, step));
        if (!next) break;
        times.push(next.t);
        previous = next.t;
      }
    } else {
      const done: number[] = [];
      for (const step of query.steps) {
        const first = list.find((item) => item.t >= entry.t && item.t <= entry.t + windowMs && matchesStep(item.event, step));
        if (first) done.push(first.t);
      }
      done.sort((a, b) => a - b);
      times.push(...done);
    }
    while (times.length < query.steps.length) times.push(null);
    entrants.push({ userId, key: breakdownValue(query, entry.event), times });
  }
  return entrants;
}

/** quantile_cont: linear interpolation between the closest ranks. */
export function quantile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

function bucketOf(day: string, granularity: Granularity, from: string): string {
  let start = day;
  if (granularity === 'month') start = `${day.slice(0, 7)}-01`;
  if (granularity === 'week') start = isoDate(new Date(Date.parse(`${day}T00:00:00Z`) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) * DAY_MS));
  return start < from ? from : start;
}

export function referenceFunnel(events: readonly NewEvent[], query: FunnelQuery): StoreAnswer<Funnel> {
  const entrants = funnelEntrants(events, query);
  const reached = query.steps.map((_, index) => entrants.filter((entrant) => entrant.times[index] !== null));
  const first = reached[0]!.length;
  const ratio = (top: number, bottom: number) => (bottom === 0 ? null : top / bottom);
  const steps = reached.map((players, index) => {
    const previous = index === 0 ? null : reached[index - 1]!.length;
    const seconds = players.map((entrant) => (entrant.times[index]! - entrant.times[0]!) / 1000);
    return {
      players: players.length,
      fromPrevious: previous === null ? null : ratio(players.length, previous),
      fromFirst: ratio(players.length, first),
      dropped: previous === null ? 0 : previous - players.length,
      medianSeconds: quantile(seconds, 0.5),
      p90Seconds: quantile(seconds, 0.9),
    };
  });

  const groups = new Map<string | null, number[]>();
  for (const entrant of entrants) {
    const counts = groups.get(entrant.key) ?? query.steps.map(() => 0);
    entrant.times.forEach((time, index) => {
      if (time !== null) counts[index]! += 1;
    });
    groups.set(entrant.key, counts);
  }
  // Most players entering first, then the value (not set last).
  const ordered = [...groups].sort(([a, x], [b, y]) => y[0]! - x[0]! || (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  const breakdown: Funnel['breakdown'] =
    query.breakdown === 'none' ? [] : ordered.slice(0, FUNNEL_BREAKDOWN_MAX).map(([value, players]) => ({ value, other: false, players }));
  const rest = ordered.slice(FUNNEL_BREAKDOWN_MAX);
  if (query.breakdown !== 'none' && rest.length > 0) {
    breakdown.push({ value: null, other: true, players: query.steps.map((_, index) => rest.reduce((sum, [, counts]) => sum + counts[index]!, 0)) });
  }

  const trend: Funnel['trend'] = [];
  for (let at = Date.parse(`${query.from}T00:00:00Z`); at <= Date.parse(`${query.to}T00:00:00Z`); at += DAY_MS) {
    const label = bucketOf(isoDate(new Date(at)), query.granularity, query.from);
    if (trend.at(-1)?.date !== label) trend.push({ date: label, entered: 0, converted: 0, conversion: null });
  }
  for (const entrant of entrants) {
    const bucket = trend.find((item) => item.date === bucketOf(isoDate(new Date(entrant.times[0]!)), query.granularity, query.from))!;
    bucket.entered += 1;
    if (entrant.times.at(-1) !== null) bucket.converted += 1;
  }
  for (const bucket of trend) bucket.conversion = ratio(bucket.converted, bucket.entered);
  return { steps, breakdown, breakdownTruncated: rest.length > 0 && query.breakdown !== 'none', trend };
}

export function referenceFunnelPlayers(events: readonly NewEvent[], query: FunnelPlayersQuery): FunnelPlayers {
  const dropped = funnelEntrants(events, query)
    .filter((entrant) => entrant.times[query.step - 2] !== null && entrant.times[query.step - 1] === null)
    .sort((a, b) => a.times[0]! - b.times[0]! || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return {
    total: dropped.length,
    players: dropped.slice(query.offset, query.offset + query.limit).map((entrant) => ({
      userId: entrant.userId,
      enteredAt: new Date(entrant.times[0]!).toISOString(),
      lastStepAt: new Date(entrant.times[query.step - 2]!).toISOString(),
    })),
  };
}

export function referenceFunnelMetrics(events: readonly NewEvent[]): FunnelMetrics {
  return {
    funnel: (_projectId, query) => Promise.resolve(referenceFunnel(events, query)),
    funnelPlayers: (_projectId, query) => Promise.resolve(referenceFunnelPlayers(events, query)),
  };
}
