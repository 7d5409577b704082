import { EXPLORE_MAX_SERIES, seriesLetters, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { PropertyFilter } from '@questboard/shared/analytics-explore-filters';
import { evaluateFormula, parseFormula } from '@questboard/shared/explore-formula';
import type { NewEvent } from '../src/modules/events/event-store';
import { bucketLower, bucketText, numberBreakdown, numberText } from '../src/modules/analytics/explorer/value-buckets';

// The explorer of ADR 010 and ADR 026 written the plain way, event by event, for the reference
// comparisons: series, property filters, breakdowns by any property, hours and formulas.

export interface ReferenceRow {
  event: NewEvent;
  ms: number;
  day: string;
}

export interface Spec {
  event: string | null;
  measure: ExploreQuery['measure'];
  property: string | null;
  filters: readonly PropertyFilter[];
}

/** What the explorer needs of the rest of the reference implementation. */
export interface ExploreContext {
  /** The events of the range matching the page's filters, in order. */
  rowsOf: (query: ExploreQuery) => ReferenceRow[];
  /** The range's buckets (days, weeks, months) with their days. */
  dayBuckets: (query: ExploreQuery) => { date: string; days: string[] }[];
  /** A series' measure over some events. */
  measure: (rows: readonly ReferenceRow[], spec: Spec) => number | null;
  /** currency and excludedPurchases of the answer, from the first series measuring revenue. */
  money: (specs: readonly Spec[], rows: readonly ReferenceRow[]) => Pick<Explore, 'currency' | 'excludedPurchases'>;
}

const OTHER = 'Other';
const NOT_SET = '(not set)';
const HOUR_MS = 3_600_000;

function propertyOf(event: NewEvent, key: string): unknown {
  const properties = (event.properties ?? {}) as Record<string, unknown>;
  return Object.hasOwn(properties, key) ? properties[key] : undefined;
}

/** The value as text: a string as sent, anything else as JSON; null when missing or null. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function matchesFilter(event: NewEvent, filter: PropertyFilter): boolean {
  const value = propertyOf(event, filter.key);
  const text = textOf(value);
  const equals = (wanted: string) => text === wanted || (typeof value === 'number' && wanted.trim() !== '' && Number(wanted) === value);
  const number = typeof value === 'number' ? value : null;
  const bound = Number(filter.values[0]);
  switch (filter.op) {
    case 'eq':
      return equals(filter.values[0]!);
    case 'neq':
      return !equals(filter.values[0]!);
    case 'in':
      return filter.values.some(equals);
    case 'gt':
      return number !== null && number > bound;
    case 'gte':
      return number !== null && number >= bound;
    case 'lt':
      return number !== null && number < bound;
    case 'lte':
      return number !== null && number <= bound;
    case 'set':
      return text !== null;
    case 'not_set':
      return text === null;
  }
}

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function hourLabel(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 13)}:00:00Z`;
}

export function referenceExplore(context: ExploreContext, query: ExploreQuery): Explore extends infer E ? Omit<E, 'incomplete'> : never {
  const specs: Spec[] = [{ event: query.event, measure: query.measure, property: query.property, filters: query.filters }, ...query.series];
  const letters = seriesLetters(query.series);
  const inRange = context.rowsOf(query);
  const selected = specs.map((spec) =>
    inRange.filter((row) => (spec.event === null || row.event.name === spec.event) && spec.filters.every((filter) => matchesFilter(row.event, filter))),
  );
  // Buckets: a label per bucket and which one a row falls in.
  let buckets: string[];
  let bucketOf: (row: ReferenceRow) => string;
  if (query.granularity === 'hour') {
    buckets = [];
    for (let at = Date.parse(`${query.from}T00:00:00Z`); at < Date.parse(`${query.to}T00:00:00Z`) + 24 * HOUR_MS; at += HOUR_MS) buckets.push(hourLabel(at));
    bucketOf = (row) => hourLabel(row.ms);
  } else {
    const dayBuckets = context.dayBuckets(query);
    buckets = dayBuckets.map((bucket) => bucket.date);
    const byDay = new Map(dayBuckets.flatMap((bucket) => bucket.days.map((day) => [day, bucket.date] as const)));
    bucketOf = (row) => byDay.get(row.day)!;
  }

  // The breakdown's key of a row, and how keys are ranked.
  let keyOf: (row: ReferenceRow) => string | null = () => null;
  let labelOf: (key: string | null) => string = (key) => key ?? NOT_SET;
  let rank: 'events' | 'measure' | 'all' = 'events';
  // The answer's key: the value, or a number bucket's lower edge.
  let keyText: (key: string | null) => string | null = (key) => key;
  const { breakdown } = query;
  if (breakdown === 'name') keyOf = (row) => row.event.name;
  else if (breakdown === 'platform' || breakdown === 'country' || breakdown === 'app_version') keyOf = (row) => row.event[breakdown] ?? null;
  else if (breakdown === 'property' && query.breakdown_property !== null) {
    const property = query.breakdown_property;
    const values = selected[0]!.map((row) => propertyOf(row.event, property)).filter((value) => value !== undefined && value !== null);
    const numbers = values.filter((value): value is number => typeof value === 'number');
    if (numbers.length > 0 && numbers.length === values.length) {
      const plan = numberBreakdown({
        min: Math.min(...numbers),
        max: Math.max(...numbers),
        distinct: new Set(numbers).size,
        integers: numbers.every((value) => Number.isInteger(value)),
      });
      rank = 'all';
      if (plan.kind === 'exact') {
        keyOf = (row) => {
          const value = propertyOf(row.event, property);
          return typeof value === 'number' ? String(value) : null;
        };
        labelOf = (key) => (key === null ? NOT_SET : numberText(Number(key)));
        keyText = (key) => (key === null ? null : numberText(Number(key)));
      } else {
        keyOf = (row) => {
          const value = propertyOf(row.event, property);
          return typeof value === 'number' ? String(Math.floor(value / plan.width)) : null;
        };
        labelOf = (key) => (key === null ? NOT_SET : bucketText(bucketLower(Number(key), plan.width), plan.width, plan.integers));
        keyText = (key) => (key === null ? null : numberText(bucketLower(Number(key), plan.width)));
      }
    } else {
      rank = 'measure';
      keyOf = (row) => textOf(propertyOf(row.event, property));
    }
  }

  const groupsOf = (rows: readonly ReferenceRow[]) => {
    const groups = new Map<string | null, ReferenceRow[]>();
    for (const row of rows) {
      const key = keyOf(row);
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    return groups;
  };
  const isProperty = breakdown === 'property';
  const addsUp = (spec: Spec) => spec.measure === 'count' || spec.measure === 'sum';

  // The first series chooses the keys.
  const firstGroups = groupsOf(selected[0]!);
  const ranked = [...firstGroups].sort(([keyA, rowsA], [keyB, rowsB]) => {
    if (rank === 'all') return keyA === keyB ? 0 : keyA === null ? 1 : keyB === null ? -1 : Number(keyA) - Number(keyB);
    if (rank === 'measure') {
      const a = context.measure(rowsA, specs[0]!) ?? -Infinity;
      const b = context.measure(rowsB, specs[0]!) ?? -Infinity;
      if (a !== b) return b - a;
    }
    return rowsB.length - rowsA.length || compareText(keyA, keyB);
  });
  const shownKeys = breakdown === 'none' ? [null] : (rank === 'all' ? ranked : ranked.slice(0, EXPLORE_MAX_SERIES)).map(([key]) => key);
  const truncated = breakdown !== 'none' && rank !== 'all' && ranked.length > EXPLORE_MAX_SERIES;
  const shownSet = new Set(shownKeys);
  const firstHasOther = truncated && (isProperty || addsUp(specs[0]!));
  const keys = [...shownKeys.map((key) => ({ key, other: false })), ...(firstHasOther ? [{ key: OTHER as string | null, other: true }] : [])];

  const figures = specs.map((spec, index) => {
    const groups = groupsOf(selected[index]!);
    const rest = [...groups].filter(([key]) => !shownSet.has(key)).flatMap(([, rows]) => rows);
    const hasOther = rest.length > 0 && (isProperty || addsUp(spec));
    const empty = spec.measure === 'average' ? null : 0;
    const figure = (rows: readonly ReferenceRow[] | undefined) => ({
      total: rows === undefined ? empty : context.measure(rows, spec),
      points: buckets.map((bucket) => {
        const inBucket = (rows ?? []).filter((row) => bucketOf(row) === bucket);
        return inBucket.length === 0 ? empty : context.measure(inBucket, spec);
      }),
    });
    return {
      hasOther,
      byKey: keys.map((key) => (key.other ? (hasOther ? figure(rest) : { total: null, points: buckets.map(() => null) }) : figure(groups.get(key.key)))),
    };
  });

  const single = specs.length === 1 && query.formula === null;
  const keyLabel = (key: { key: string | null; other: boolean }) => (key.other ? OTHER : labelOf(key.key));
  const title = (spec: Spec) => {
    const of = spec.event ?? 'All events';
    if (spec.measure === 'count') return of;
    if (spec.measure === 'users') return `Unique users of ${of}`;
    return `${spec.measure === 'sum' ? 'Sum' : 'Average'} of ${spec.property ?? ''} of ${of}`;
  };
  const series: Explore['series'] = [];
  for (const [index, spec] of specs.entries()) {
    for (const [position, key] of keys.entries()) {
      if (key.other && index > 0 && !figures[index]!.hasOther) continue;
      const figure = figures[index]!.byKey[position]!;
      const name = breakdown === 'none' ? (spec.event ?? 'All events') : keyLabel(key);
      series.push({
        key: key.other ? OTHER : keyText(key.key),
        label: single ? name : `${letters[index]} · ${breakdown === 'none' ? title(spec) : keyLabel(key)}`,
        source: letters[index]!,
        total: figure.total,
        points: buckets.map((date, at) => ({ date, value: figure.points[at] ?? null })),
      });
    }
  }
  if (query.formula !== null) {
    const parsed = parseFormula(query.formula, letters);
    if (!parsed.ok) throw new Error(parsed.message);
    for (const [position, key] of keys.entries()) {
      const operands = (pick: (figure: { total: number | null; points: (number | null)[] }) => number | null) =>
        Object.fromEntries(letters.map((letter, index) => [letter, pick(figures[index]!.byKey[position]!)]));
      series.push({
        key: key.other ? OTHER : keyText(key.key),
        label: breakdown === 'none' ? query.formula : `${query.formula} · ${keyLabel(key)}`,
        source: 'formula',
        total: evaluateFormula(parsed.node, operands((figure) => figure.total)),
        points: buckets.map((date, at) => ({ date, value: evaluateFormula(parsed.node, operands((figure) => figure.points[at] ?? null)) })),
      });
    }
  }
  const revenueRows = inRange.filter((row) => {
    const spec = specs.find((candidate) => candidate.property === 'revenue_amount' && (candidate.measure === 'sum' || candidate.measure === 'average'));
    return spec !== undefined && (spec.event === null || row.event.name === spec.event);
  });
  return { series, truncated, ...context.money(specs, revenueRows) };
}
