import { isoDate, type AnalyticsFilters, type Granularity } from '@questboard/shared/analytics-view';
import { churnQuietFrom, LEVEL_EVENTS, LEVELS_MAX, levelOrder, type Levels, type LevelsQuery } from '@questboard/shared/analytics-levels';
import { ECONOMY_MAX_CURRENCIES, ECONOMY_TOP_ITEMS, RESOURCE_EVENT, type Economy, type EconomyQuery } from '@questboard/shared/analytics-economy';
import type { StoreAnswer } from '../src/modules/analytics/store-answer';
import type { NewEvent } from '../src/modules/events/event-store';

// The reference implementation of the level and economy pages (issue 17, ADR 028), in plain loops
// over the events, as docs/product/metrics.md#level-progression and #economy define them. The
// DuckDB store's answers are compared with it. Readability over speed, always.
// Event order as ADR 010: timestamp, then received time, then insert_id; an insert_id seen twice
// counts once (the first). Text compares by code unit.

const DAY_MS = 86_400_000;
const PROGRESSION: readonly string[] = [LEVEL_EVENTS.start, LEVEL_EVENTS.complete, LEVEL_EVENTS.fail];

interface Row {
  event: NewEvent;
  ms: number;
  day: string;
}

function ordered(events: readonly NewEvent[]): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const event of events) {
    if (seen.has(event.insert_id)) continue;
    seen.add(event.insert_id);
    const ms = Date.parse(event.timestamp);
    rows.push({ event, ms, day: isoDate(new Date(ms)) });
  }
  return rows.sort(
    (a, b) => a.ms - b.ms || a.event.receivedAt.getTime() - b.event.receivedAt.getTime() || (a.event.insert_id < b.event.insert_id ? -1 : a.event.insert_id > b.event.insert_id ? 1 : 0),
  );
}

function matches(event: NewEvent, filters: AnalyticsFilters): boolean {
  return (['platform', 'country', 'app_version'] as const).every((dimension) => {
    const wanted = filters[dimension];
    const value = event[dimension];
    return wanted.length === 0 || (value !== undefined && wanted.includes(value));
  });
}

const inRange = (row: Row, range: { from: string; to: string }) => row.day >= range.from && row.day <= range.to;
const property = (event: NewEvent, key: string): unknown => (event.properties as Record<string, unknown> | undefined)?.[key];
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A level (or item) as text: a string as sent (not ''), a number as its text. */
const textOf = (value: unknown): string | null => (typeof value === 'string' ? (value === '' ? null : value) : typeof value === 'number' ? String(value) : null);
const stringOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function push<K, V>(groups: Map<K, V[]>, key: K, value: V) {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

const ratio = (top: number, bottom: number) => (bottom === 0 ? null : top / bottom);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const compareText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

export function referenceLevels(events: readonly NewEvent[], query: LevelsQuery): Levels {
  const rows = ordered(events);
  const progression = rows.filter((row) => PROGRESSION.includes(row.event.name) && inRange(row, query) && matches(row.event, query));
  const quietFrom = churnQuietFrom(query.to);
  const activeWhenQuiet = new Set(rows.filter((row) => row.day >= quietFrom && row.day <= query.to).map((row) => row.event.user_id));
  const lastSeen = new Map<string, string>();
  const byLevel = new Map<string, Row[]>();
  let withoutLevel = 0;
  for (const row of progression) {
    const level = textOf(property(row.event, 'level'));
    if (level === null) {
      withoutLevel += 1;
      continue;
    }
    lastSeen.set(row.event.user_id, level); // rows are in event order: the last one wins
    push(byLevel, level, row);
  }
  const { numeric, compare } = levelOrder([...byLevel.keys()]);
  const levels = [...byLevel.keys()].sort(compare);
  return {
    levels: levels.slice(0, LEVELS_MAX).map((level) => {
      const group = byLevel.get(level)!;
      const named = (name: string) => group.filter((row) => row.event.name === name);
      const starts = named(LEVEL_EVENTS.start).length;
      const completes = named(LEVEL_EVENTS.complete);
      const fails = named(LEVEL_EVENTS.fail).length;
      const players = new Set(group.map((row) => row.event.user_id));
      const churned = [...players].filter((user) => lastSeen.get(user) === level && !activeWhenQuiet.has(user)).length;
      const durations = completes.flatMap((row) => {
        const value = numberOf(property(row.event, 'duration_s'));
        return value === null ? [] : [value];
      });
      return {
        level,
        starts,
        completes: completes.length,
        fails,
        failRate: ratio(fails, completes.length + fails),
        attemptsPerCompletion: ratio(starts, completes.length),
        medianDurationS: median(durations),
        players: players.size,
        churned,
      };
    }),
    numeric,
    truncated: levels.length > LEVELS_MAX,
    quietFrom,
    withoutLevel,
  };
}

function bucketOf(day: string, granularity: Granularity, from: string): string {
  if (granularity === 'day') return day;
  const start = granularity === 'month' ? `${day.slice(0, 7)}-01` : isoDate(new Date(Date.parse(`${day}T00:00:00Z`) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) * DAY_MS));
  return start < from ? from : start;
}

interface Resource {
  row: Row;
  flow: 'source' | 'sink';
  currency: string;
  amount: number;
  itemType: string | null;
  itemId: string | null;
  bucket: string;
}

export function referenceEconomy(events: readonly NewEvent[], query: EconomyQuery): StoreAnswer<Economy> {
  const rows = ordered(events);
  const all = rows.filter((row) => row.event.name === RESOURCE_EVENT && inRange(row, query) && matches(row.event, query));
  const counted: Resource[] = [];
  for (const row of all) {
    const flow = property(row.event, 'flow');
    const currency = stringOf(property(row.event, 'virtual_currency'));
    const amount = numberOf(property(row.event, 'amount'));
    if ((flow !== 'source' && flow !== 'sink') || currency === null || amount === null || amount <= 0) continue;
    counted.push({ row, flow, currency, amount, itemType: textOf(property(row.event, 'item_type')), itemId: textOf(property(row.event, 'item_id')), bucket: bucketOf(row.day, query.granularity, query.from) });
  }
  const events_ = new Map<string, number>();
  for (const resource of counted) events_.set(resource.currency, (events_.get(resource.currency) ?? 0) + 1);
  const currencies = [...events_].map(([currency, count]) => ({ currency, events: count })).sort((a, b) => b.events - a.events || compareText(a.currency, b.currency));
  const currency = query.virtual_currency ?? currencies[0]?.currency ?? null;
  const mine = counted.filter((resource) => resource.currency === currency);
  const figures = (group: readonly Resource[]) => {
    const side = (flow: string) => group.filter((resource) => resource.flow === flow);
    const sources = sum(side('source').map((resource) => resource.amount));
    const sinks = sum(side('sink').map((resource) => resource.amount));
    const players = (flow: string) => new Set(side(flow).map((resource) => resource.row.event.user_id)).size;
    return { sources, sinks, net: sources - sinks, sourcePlayers: players('source'), sinkPlayers: players('sink') };
  };
  const labels: string[] = [];
  for (let day = query.from; day <= query.to; day = isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS))) {
    const label = bucketOf(day, query.granularity, query.from);
    if (!labels.includes(label)) labels.push(label);
  }
  const top = (flow: string, keyOf: (resource: Resource) => string) => {
    const groups = new Map<string, Resource[]>();
    for (const resource of mine.filter((r) => r.flow === flow)) push(groups, keyOf(resource), resource);
    return [...groups.values()]
      .map((group) => ({
        itemType: group[0]!.itemType,
        itemId: group[0]!.itemId,
        amount: sum(group.map((resource) => resource.amount)),
        players: new Set(group.map((resource) => resource.row.event.user_id)).size,
        events: group.length,
      }))
      .sort((a, b) => b.amount - a.amount || compareText(a.itemType, b.itemType) || compareText(a.itemId, b.itemId))
      .slice(0, ECONOMY_TOP_ITEMS);
  };
  const items = (flow: string) => top(flow, (resource) => JSON.stringify([resource.itemType, resource.itemId]));
  const types = (flow: string) => top(flow, (resource) => JSON.stringify(resource.itemType)).map(({ itemType, amount, players, events: count }) => ({ itemType, amount, players, events: count }));

  // Balance by level: the event's own level, else the latest progression event at or before it
  // (any filters, any time up to the range's end; a progression event at the same time counts).
  const endMs = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const progressOf = new Map<string, Row[]>();
  for (const row of rows) {
    if (!PROGRESSION.includes(row.event.name) || row.ms >= endMs) continue;
    push(progressOf, row.event.user_id, row);
  }
  const balances = new Map<string | null, { values: number[]; players: Set<string> }>();
  for (const resource of mine) {
    const balance = numberOf(property(resource.row.event, 'balance'));
    if (balance === null) continue;
    let level = textOf(property(resource.row.event, 'level'));
    if (level === null) {
      for (const row of progressOf.get(resource.row.event.user_id) ?? []) {
        if (row.ms > resource.row.ms) break;
        const seen = textOf(property(row.event, 'level'));
        if (seen !== null) level = seen;
      }
    }
    const entry = balances.get(level) ?? { values: [], players: new Set<string>() };
    entry.values.push(balance);
    entry.players.add(resource.row.event.user_id);
    balances.set(level, entry);
  }
  const { compare } = levelOrder([...balances.keys()].filter((level): level is string => level !== null));
  return {
    currencies: currencies.slice(0, ECONOMY_MAX_CURRENCIES),
    currency,
    totals: figures(mine),
    series: labels.map((label) => ({ date: label, ...figures(mine.filter((resource) => resource.bucket === label)) })),
    items: { source: items('source'), sink: items('sink') },
    itemTypes: { source: types('source'), sink: types('sink') },
    balanceByLevel: [...balances]
      .map(([level, entry]) => ({ level, medianBalance: median(entry.values)!, events: entry.values.length, players: entry.players.size }))
      .sort((a, b) => (a.level === null ? -1 : b.level === null ? 1 : compare(a.level, b.level))),
    ignored: all.length - counted.length,
  };
}
