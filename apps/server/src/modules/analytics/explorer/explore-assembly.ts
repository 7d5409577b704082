import type { Explore, ExploreQuery } from '@questboard/shared/analytics-explore';
import { evaluateFormula, parseFormula, type SeriesLetter } from '@questboard/shared/explore-formula';
import type { EventSeries } from './explore-events-sql';
import { num, numOrNull, text } from '../duckdb-sql';

type Row = Record<string, unknown>;

// Putting the explorer's cells into series (ADR 026): every series shows the first series' keys in
// its order, then Other; a formula is evaluated per key and bucket over the series of the same key.
// Any store's explorer can assemble its answer here from its own cells.

const OTHER = 'Other';

/** One series' figures: its cells per bucket and key, per-key totals, and the rest of the keys. */
export interface SeriesCells {
  /** The shown keys in order (null: not set); total undefined when the key has no events. */
  keys: { raw: string | null; total: number | null | undefined }[];
  /** undefined: no events in that cell. */
  value: (bucket: string, raw: string | null) => number | null | undefined;
  /** The keys beyond the shown ones as one group; null when there are none or they do not add up. */
  other: { total: number | null; value: (bucket: string) => number | null | undefined } | null;
  truncated: boolean;
}

type Series = Explore['series'][number];

/** The item at `index`, which the caller knows is there. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/** 'level_fail', 'Unique users of level_fail', 'Sum of score of level_complete'. */
export function seriesTitle(spec: EventSeries): string {
  const of = spec.event ?? 'All events';
  if (spec.measure === 'count') return of;
  if (spec.measure === 'users') return `Unique users of ${of}`;
  return `${spec.measure === 'sum' ? 'Sum' : 'Average'} of ${spec.property ?? ''} of ${of}`;
}

export function assembleExplore({
  query,
  buckets,
  letters,
  specs,
  cells,
  labelOf,
  keyText,
}: {
  query: ExploreQuery;
  buckets: readonly string[];
  letters: readonly SeriesLetter[];
  specs: readonly EventSeries[];
  cells: readonly SeriesCells[];
  labelOf: (raw: string | null) => string;
  keyText: (raw: string | null) => string | null;
}): Pick<Explore, 'series' | 'truncated'> {
  const first = at(cells, 0);
  const single = specs.length === 1 && query.formula === null;
  const brokenDown = query.breakdown !== 'none';
  // Not broken down, every series is one line, even with no events at all.
  const keys: { raw: string | null; other: boolean }[] = brokenDown
    ? [...first.keys.map((key) => ({ raw: key.raw, other: false })), ...(first.other ? [{ raw: OTHER, other: true }] : [])]
    : [{ raw: null, other: false }];
  const keyLabel = (key: { raw: string | null; other: boolean }) => (key.other ? OTHER : labelOf(key.raw));

  const figures = specs.map((spec, index) => {
    const own = at(cells, index);
    const empty = spec.measure === 'average' ? null : 0;
    const totals = new Map(own.keys.map((key) => [key.raw, key.total]));
    return keys.map((key) => {
      if (key.other) {
        return { total: own.other ? own.other.total : null, points: buckets.map((bucket) => (own.other ? (own.other.value(bucket) ?? empty) : null)) };
      }
      const total = totals.get(key.raw);
      return { total: total === undefined ? empty : total, points: buckets.map((bucket) => own.value(bucket, key.raw) ?? empty) };
    });
  });

  const series: Series[] = [];
  for (const [index, spec] of specs.entries()) {
    const letter = at(letters, index);
    for (const [position, key] of keys.entries()) {
      const figure = at(at(figures, index), position);
      // The first series' Other is only shown where it adds up; another series' where it has one.
      if (key.other && index > 0 && at(cells, index).other === null) continue;
      const name = brokenDown ? keyLabel(key) : spec.event ?? 'All events';
      series.push({
        key: key.other ? OTHER : keyText(key.raw),
        label: single ? name : `${letter} · ${brokenDown ? keyLabel(key) : seriesTitle(spec)}`,
        source: letter,
        total: figure.total,
        points: buckets.map((date, at) => ({ date, value: figure.points[at] ?? null })),
      });
    }
  }

  if (query.formula !== null) {
    const parsed = parseFormula(query.formula, letters);
    if (parsed.ok) {
      for (const [position, key] of keys.entries()) {
        const operands = (pick: (figure: { total: number | null; points: (number | null)[] }) => number | null) =>
          Object.fromEntries(letters.map((letter, index) => [letter, pick(at(at(figures, index), position))]));
        series.push({
          key: key.other ? OTHER : keyText(key.raw),
          label: brokenDown ? `${query.formula} · ${keyLabel(key)}` : query.formula,
          source: 'formula',
          total: evaluateFormula(parsed.node, operands((figure) => figure.total)),
          points: buckets.map((date, at) => ({ date, value: evaluateFormula(parsed.node, operands((figure) => figure.points[at] ?? null)) })),
        });
      }
    }
  }
  return { series, truncated: first.truncated };
}

/** Cells whose shown keys the SQL chose (other rows flagged): ordered by the measure, or by key for numbers. */
export function cellsFromSqlGroups(rows: readonly Row[], order: 'value' | 'events' | 'keys', withOther: boolean): SeriesCells {
  const totals = rows.filter((row) => row.b === null && row.other !== true);
  totals.sort((a, b) =>
    order === 'keys'
      ? compareNumberKeys(text(a.k), text(b.k))
      : (order === 'value' ? byValue(a, b) : 0) || num(b.events) - num(a.events) || compareKeys(text(a.k), text(b.k)),
  );
  const cell = new Map<string, number | null>();
  const other = new Map<string, number | null>();
  let otherTotal: number | null = null;
  let truncated = false;
  for (const row of rows) {
    if (row.other === true) {
      truncated = true;
      if (row.b === null) otherTotal = numOrNull(row.value);
      else other.set(String(text(row.b)), numOrNull(row.value));
    } else if (row.b !== null) {
      cell.set(`${String(text(row.b))}|${String(text(row.k))}`, numOrNull(row.value));
    }
  }
  return {
    keys: totals.map((row) => ({ raw: text(row.k), total: numOrNull(row.value) })),
    value: (bucket, raw) => cell.get(`${bucket}|${String(raw)}`),
    other: truncated && withOther ? { total: otherTotal, value: (bucket) => other.get(bucket) } : null,
    truncated,
  };
}

/** Larger values first, unknown ones last. */
function byValue(a: Row, b: Row): number {
  const x = numOrNull(a.value) ?? -Infinity;
  const y = numOrNull(b.value) ?? -Infinity;
  return x === y ? 0 : y > x ? 1 : -1;
}

export function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Number keys in ascending order, not set last. */
function compareNumberKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return Number(a) - Number(b);
}
