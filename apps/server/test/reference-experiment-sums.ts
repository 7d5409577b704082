import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import { addPlayer, EMPTY_CUPED_SUMS, type CupedSums } from '@questboard/shared/experiments-cuped';
import { winsorisationCap, winsorise } from '@questboard/shared/experiments-winsorise';
import type { NewEvent } from '../src/modules/events/event-store';
import type { CapCorrection, ExperimentSums, ExperimentSumsQuery, ExposureDaySums } from '../src/modules/experiments/results/experiment-sums';

// The reference implementation of an experiment's sums (ADR 030, docs/product/experiments.md), in
// plain loops over an array of events: the tests compare the DuckDB store's sums with it. Readability
// over speed. The definitions, as experiment-sums.ts says them:
//  - A player's exposure is their first experiment_exposure event (by time, then insert_id) whose
//    properties.experiment is the key, at or after the start and before the end. They are mixed when
//    their exposures there name more than one variant.
//  - Day d of a player is the UTC day d days after their exposure's. A metric over days 0 to N counts
//    the players of the experiment's variants whose day N is at most the last look's day; only
//    events at or after the exposure count, on days 0 to N.
//  - Pre-exposure: the same metric over days −(N + 1) to −1 as if the first were day 0; history is
//    an event on one of those days (the mean of a property: a value of it on one of them).
//  - Sessions (ADR 010): one per session_id, the others split at gaps of 30 minutes or more; one
//    counts after exposure when it has an event at or after the exposure and starts on or before day N.
//  - A transaction is an event with revenue_amount above 0; revenue converts by the project's rates
//    and a currency without a rate adds none.

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayIndex = (ms: number) => Math.floor(ms / DAY_MS);
const dayIndexOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const time = (event: NewEvent) => Date.parse(event.timestamp);
const GAP_MS = 30 * 60_000;

interface Exposure {
  userId: string;
  variant: string | null;
  at: number;
  day: number;
  mixed: boolean;
}

interface Session {
  start: number;
  end: number;
}

function exposures(events: readonly NewEvent[], query: ExperimentSumsQuery): Map<string, Exposure> {
  const byUser = new Map<string, NewEvent[]>();
  for (const event of events) {
    const at = time(event);
    if (event.name !== 'experiment_exposure' || at < query.startMs || at >= query.endMs) continue;
    if (event.properties?.experiment !== query.key) continue;
    byUser.set(event.user_id, [...(byUser.get(event.user_id) ?? []), event]);
  }
  const result = new Map<string, Exposure>();
  for (const [userId, list] of byUser) {
    const sorted = [...list].sort((a, b) => time(a) - time(b) || (a.insert_id < b.insert_id ? -1 : 1));
    const variantOf = (event: NewEvent) => (typeof event.properties?.variant === 'string' ? event.properties.variant : null);
    const first = sorted[0];
    if (first === undefined) continue;
    const variants = new Set(sorted.map((event) => variantOf(event) ?? ''));
    result.set(userId, { userId, variant: variantOf(first), at: time(first), day: dayIndex(time(first)), mixed: variants.size > 1 });
  }
  return result;
}

function sessionsOf(events: readonly NewEvent[]): Session[] {
  const identified = new Map<string, Session>();
  const loose: number[] = [];
  for (const event of events) {
    const at = time(event);
    if (event.session_id === undefined) {
      loose.push(at);
      continue;
    }
    const session = identified.get(event.session_id);
    identified.set(event.session_id, session === undefined ? { start: at, end: at } : { start: Math.min(session.start, at), end: Math.max(session.end, at) });
  }
  const sessions = [...identified.values()];
  loose.sort((a, b) => a - b);
  let current: Session | null = null;
  for (const at of loose) {
    if (current !== null && at - current.end < GAP_MS) current.end = at;
    else {
      current = { start: at, end: at };
      sessions.push(current);
    }
  }
  return sessions;
}

function propertyText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function matches(event: NewEvent, metric: ExperimentMetric): boolean {
  if (metric.kind !== 'event-conversion' && metric.kind !== 'property-mean') return false;
  if (event.name !== metric.event) return false;
  if (metric.kind === 'property-mean' || metric.property === null) return true;
  const actual = event.properties?.[metric.property.name];
  const wanted = metric.property.value;
  if (propertyText(actual) === String(wanted)) return true;
  return typeof wanted === 'number' && typeof actual === 'number' && actual === wanted;
}

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** One player's value after exposure (null: not counted for a mean of a property) and before it (null: no history). */
function playerValues(metric: ExperimentMetric, exposure: Exposure, events: readonly NewEvent[], query: ExperimentSumsQuery): { y: number | null; x: number | null } {
  const n = metric.days;
  const dayOfEvent = (event: NewEvent) => dayIndex(time(event)) - exposure.day;
  const isAfter = (event: NewEvent) => time(event) >= exposure.at && dayOfEvent(event) <= n;
  const isBefore = (event: NewEvent) => dayOfEvent(event) >= -(n + 1) && dayOfEvent(event) <= -1;
  const history = events.some(isBefore);
  const rate = (currency: string | null | undefined) =>
    currency === query.money.currency ? 1 : typeof currency === 'string' ? query.money.rates[currency] : undefined;
  const revenue = (event: NewEvent) => (event.revenue_amount ?? 0) * (rate(event.currency) ?? 0);
  const paid = (event: NewEvent) => (event.revenue_amount ?? 0) > 0;
  const flag = (value: boolean) => (value ? 1 : 0);
  switch (metric.kind) {
    case 'retention':
      return { y: flag(events.some((event) => dayOfEvent(event) === n)), x: history ? flag(events.some((event) => dayOfEvent(event) === -1)) : null };
    case 'payer-conversion':
      return { y: flag(events.some((event) => paid(event) && isAfter(event))), x: history ? flag(events.some((event) => paid(event) && isBefore(event))) : null };
    case 'revenue': {
      const total = (pick: (event: NewEvent) => boolean) => events.filter((event) => paid(event) && pick(event)).reduce((sum, event) => sum + revenue(event), 0);
      return { y: total(isAfter), x: history ? total(isBefore) : null };
    }
    case 'sessions': {
      const sessions = sessionsOf(events);
      const startDay = (session: Session) => dayIndex(session.start) - exposure.day;
      return {
        y: sessions.filter((session) => session.end >= exposure.at && startDay(session) <= n).length,
        x: history ? sessions.filter((session) => startDay(session) >= -(n + 1) && startDay(session) <= -1).length : null,
      };
    }
    case 'event-conversion':
      return { y: flag(events.some((event) => matches(event, metric) && isAfter(event))), x: history ? flag(events.some((event) => matches(event, metric) && isBefore(event))) : null };
    case 'property-mean': {
      const values = (pick: (event: NewEvent) => boolean) =>
        events.filter((event) => matches(event, metric) && pick(event)).flatMap((event) => {
          const value = event.properties?.[metric.property];
          return typeof value === 'number' ? [value] : [];
        });
      return { y: mean(values(isAfter)), x: mean(values(isBefore)) };
    }
  }
}

interface Counted {
  variant: string;
  day: string;
  y: number;
  x: number | null;
}

/** Every counted player's values for one metric. */
export function referenceExperimentPlayers(events: readonly NewEvent[], query: ExperimentSumsQuery, metric: ExperimentMetric): Counted[] {
  const lastLook = dayIndexOf(query.lastLookDay);
  const byUser = new Map<string, NewEvent[]>();
  for (const event of events) byUser.set(event.user_id, [...(byUser.get(event.user_id) ?? []), event]);
  const counted: Counted[] = [];
  for (const exposure of exposures(events, query).values()) {
    if (exposure.variant === null || !query.variants.includes(exposure.variant) || exposure.day + metric.days > lastLook) continue;
    const { y, x } = playerValues(metric, exposure, byUser.get(exposure.userId) ?? [], query);
    if (y !== null) counted.push({ variant: exposure.variant, day: dayOf(exposure.day * DAY_MS), y, x });
  }
  return counted;
}

const sumsOf = (players: readonly Counted[], cap: { y: number | null; x: number | null } = { y: null, x: null }): CupedSums =>
  players.reduce((sums, player) => addPlayer(sums, winsorise(player.y, cap.y), player.x === null ? null : winsorise(player.x, cap.x)), EMPTY_CUPED_SUMS);

/** The cap at a look: the 99.9th percentile of the counted players' values (no history: 0), nearest rank. */
export function referenceCaps(players: readonly Counted[]): { y: number | null; x: number | null } {
  return { y: winsorisationCap(players.map((player) => player.y)), x: winsorisationCap(players.map((player) => player.x ?? 0)) };
}

const difference = (a: CupedSums, b: CupedSums): CupedSums => ({
  players: a.players - b.players,
  sumY: a.sumY - b.sumY,
  sumY2: a.sumY2 - b.sumY2,
  withHistory: a.withHistory - b.withHistory,
  sumYWithHistory: a.sumYWithHistory - b.sumYWithHistory,
  sumX: a.sumX - b.sumX,
  sumX2: a.sumX2 - b.sumX2,
  sumXY: a.sumXY - b.sumXY,
});

/** The experiment's sums by brute force: per metric, each exposure day's sums and, for revenue, each look's cap applied to everyone counted by it. */
export function referenceExperimentSums(events: readonly NewEvent[], query: ExperimentSumsQuery): ExperimentSums {
  const all = exposures(events, query);
  const tally = new Map<string | null, { players: number; mixed: number }>();
  for (const exposure of all.values()) {
    const row = tally.get(exposure.variant) ?? { players: 0, mixed: 0 };
    tally.set(exposure.variant, { players: row.players + 1, mixed: row.mixed + (exposure.mixed ? 1 : 0) });
  }
  return {
    exposures: [...tally].map(([variant, row]) => ({ variant, ...row })),
    metrics: query.metrics.map((metric) => {
      const players = referenceExperimentPlayers(events, query, metric);
      const days = [...new Set(players.map((player) => player.day))].sort();
      const byDay: ExposureDaySums[] = [];
      const capped: CapCorrection[] = [];
      for (const day of days) {
        for (const variant of query.variants) {
          const sums = sumsOf(players.filter((player) => player.day === day && player.variant === variant));
          if (sums.players > 0) byDay.push({ variant, day, ...sums });
        }
        if (metric.kind !== 'revenue') continue;
        const upTo = players.filter((player) => player.day <= day);
        const cap = referenceCaps(upTo);
        for (const variant of query.variants) {
          const mine = upTo.filter((player) => player.variant === variant);
          const above = mine.filter((player) => (cap.y !== null && player.y > cap.y) || (cap.x !== null && (player.x ?? 0) > cap.x));
          if (above.length > 0) capped.push({ variant, day, ...difference(sumsOf(above, cap), sumsOf(above)) });
        }
      }
      return { byDay, capped };
    }),
  };
}

/** Each look's sums per variant for one metric, straight from the players counted by it, capped at its own cap: what lookSums must give. */
export function referenceLookSums(events: readonly NewEvent[], query: ExperimentSumsQuery, metric: ExperimentMetric, lookDays: readonly string[]): CupedSums[][] {
  const players = referenceExperimentPlayers(events, query, metric);
  return lookDays.map((look) => {
    const upTo = players.filter((player) => dayIndexOf(player.day) + metric.days <= dayIndexOf(look));
    const cap = metric.kind === 'revenue' ? referenceCaps(upTo) : { y: null, x: null };
    return query.variants.map((variant) => sumsOf(upTo.filter((player) => player.variant === variant), cap));
  });
}
