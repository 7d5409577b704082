import { EXPLORE_MAX_SERIES, REVENUE_PROPERTY, seriesLetters, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { excludedPurchases } from '../duckdb-purchases';
import { bucketSql, filterSql, num, numOrNull, Params, rangeSql, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { exploreBucketLabels } from './explore-buckets';
import { exploreEventCells, numberSql, pointerOf, propertyStats, textSql, type EventSeries, type KeyPlan } from './explore-events-sql';
import { assembleExplore, type SeriesCells } from './explore-assembly';
import { bucketLower, bucketText, numberBreakdown, numberText } from './value-buckets';

// The explorer (ADR 010, ADR 026): each series (A, B, …) measured by bucket and broken down, from the
// rollups where the question allows (no property filter or property breakdown, days not hours),
// from the events otherwise; then the formula, over the series' cells.

export async function duckDbExplore(q: DuckDbQuery, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
  const first: EventSeries = { event: query.event, measure: query.measure, property: query.property, filters: query.filters };
  const specs = [first, ...query.series];
  const plan = await keyPlan(q, query, first);
  const cells: SeriesCells[] = [];
  for (const spec of specs) {
    // The first series chooses the keys; the others show the same ones (a formula pairs them).
    // Not broken down, or by numbers (every key shown), there is nothing to choose.
    const chosen = cells[0];
    const keys = chosen === undefined || query.breakdown === 'none' || plan.rank === 'all' ? null : chosen.keys.map((shown) => shown.raw);
    cells.push(await seriesCells(q, query, spec, plan, money, keys));
  }
  // Measuring revenue: in the reporting currency, with what was left out (ADR 011).
  const revenueSeries = specs.find((spec) => spec.property === REVENUE_PROPERTY && (spec.measure === 'sum' || spec.measure === 'average'));
  return {
    ...assembleExplore({
      query,
      buckets: exploreBucketLabels(query),
      letters: seriesLetters(query.series),
      specs,
      cells,
      labelOf: plan.label,
      keyText: plan.keyText,
    }),
    currency: revenueSeries ? money.currency : null,
    excludedPurchases: revenueSeries ? await excludedPurchases(q, { ...query, granularity: 'day' }, money, revenueSeries.event) : [],
  };
}

type Plan = KeyPlan & {
  label: (raw: string | null) => string;
  /** The answer's key of a raw key: the value, or a number bucket's lower edge. */
  keyText: (raw: string | null) => string | null;
  /** The rollups' column of the key; null for a property. */
  dimension: string | null;
};
const same = (raw: string | null) => raw;

/** How the breakdown groups events: an attribute's column, or a property's text, exact numbers or number buckets. */
async function keyPlan(q: DuckDbQuery, query: ExploreQuery, first: EventSeries): Promise<Plan> {
  const notSet = (raw: string | null, label: (raw: string) => string) => (raw === null ? '(not set)' : label(raw));
  if (query.breakdown === 'none') return { key: () => 'NULL::VARCHAR', type: 'VARCHAR', rank: 'events', label: () => '', keyText: same, dimension: 'NULL::VARCHAR' };
  if (query.breakdown !== 'property' || query.breakdown_property === null) {
    return { key: () => query.breakdown, type: 'VARCHAR', rank: 'events', label: (raw) => notSet(raw, String), keyText: same, dimension: query.breakdown };
  }
  const property = query.breakdown_property;
  const stats = await propertyStats(q, new Params(), query, first, property);
  if (stats.numbers > 0 && stats.others === 0 && stats.min !== null && stats.max !== null) {
    const numbers = numberBreakdown({ min: stats.min, max: stats.max, distinct: stats.distinct, integers: stats.integers });
    if (numbers.kind === 'exact') {
      return { key: (params) => numberSql(params.add(pointerOf(property))), type: 'DOUBLE', rank: 'all', label: (raw) => notSet(raw, (k) => numberText(Number(k))), keyText: (raw) => (raw === null ? null : numberText(Number(raw))), dimension: null };
    }
    const { width, integers } = numbers;
    return {
      key: (params) => `floor(${numberSql(params.add(pointerOf(property)))} / ${params.add(width)}::DOUBLE)::BIGINT`,
      type: 'BIGINT',
      rank: 'all',
      label: (raw) => notSet(raw, (k) => bucketText(bucketLower(Number(k), width), width, integers)),
      keyText: (raw) => (raw === null ? null : numberText(bucketLower(Number(raw), width))),
      dimension: null,
    };
  }
  // Text, booleans, or numbers mixed with other values: categories, as the values are written.
  return { key: (params) => textSql(params.add(pointerOf(property))), type: 'VARCHAR', rank: 'measure', label: (raw) => notSet(raw, String), keyText: same, dimension: null };
}

/** Whether the rollups hold what the series asks: no property filter or breakdown, days, not revenue. */
function fromRollups(query: ExploreQuery, spec: EventSeries, plan: Plan): boolean {
  return plan.dimension !== null && spec.filters.length === 0 && query.granularity !== 'hour' && spec.property !== REVENUE_PROPERTY;
}

async function seriesCells(
  q: DuckDbQuery,
  query: ExploreQuery,
  spec: EventSeries,
  plan: Plan,
  money: ProjectMoney,
  keys: (string | null)[] | null,
): Promise<SeriesCells> {
  const addsUp = spec.measure === 'count' || spec.measure === 'sum';
  if (fromRollups(query, spec, plan)) {
    const rows = await rollupCells(q, query, spec, plan.dimension ?? 'NULL::VARCHAR');
    return cellsFromRows(rows, keys, { ranked: 'events', withOther: addsUp });
  }
  const given = keys === null ? null : keys.map((raw) => (raw === null ? null : plan.type === 'VARCHAR' ? raw : Number(raw)));
  const rows = await exploreEventCells(q, new Params(), query, spec, plan, money, given);
  // An attribute's Other holds only measures that add up (ADR 010); a property's is its own group (ADR 026).
  return cellsFromSqlGroups(rows, plan.rank === 'all' ? 'keys' : plan.rank === 'measure' ? 'value' : 'events', plan.dimension === null || addsUp);
}

/** Cells whose shown keys the SQL chose (other rows flagged): ordered by the measure, or by key for numbers. */
function cellsFromSqlGroups(rows: Row[], order: 'value' | 'events' | 'keys', withOther: boolean): SeriesCells {
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

/** Cells from every key's rows (the rollups): the shown keys chosen here, the rest summed where that adds up. */
function cellsFromRows(rows: Row[], keys: (string | null)[] | null, { withOther }: { ranked: 'events'; withOther: boolean }): SeriesCells {
  const totals = rows.filter((row) => row.b === null).sort((a, b) => num(b.events) - num(a.events) || compareKeys(text(a.k), text(b.k)));
  const totalOf = new Map(totals.map((row) => [text(row.k), row]));
  const shown = keys ?? totals.slice(0, EXPLORE_MAX_SERIES).map((row) => text(row.k));
  const shownSet = new Set(shown);
  const rest = totals.filter((row) => !shownSet.has(text(row.k)));
  const cells = new Map(rows.filter((row) => row.b !== null).map((row) => [`${String(row.b)}|${String(text(row.k))}`, numOrNull(row.value)]));
  const sumOf = (bucket: string) => rest.reduce((sum, row) => sum + (cells.get(`${bucket}|${String(text(row.k))}`) ?? 0), 0);
  return {
    keys: shown.map((raw) => ({ raw, total: totalOf.has(raw) ? numOrNull(totalOf.get(raw)?.value) : undefined })),
    value: (bucket, raw) => cells.get(`${bucket}|${String(raw)}`),
    other: rest.length > 0 && withOther ? { total: rest.reduce((sum, row) => sum + num(row.value), 0), value: sumOf } : null,
    truncated: rest.length > 0,
  };
}

/**
 * Explorer cells (b, k, value, events) and per-key totals (b NULL) from the rollups (issue 20):
 * every event's count or users from the user days; one name's counts and users from the names per
 * user and day; a property's sum or average from the sums and counts of its numeric values.
 */
function rollupCells(q: DuckDbQuery, query: ExploreQuery, spec: EventSeries, key: string): Promise<Row[]> {
  const params = new Params();
  const bucket = bucketSql('day', query.granularity === 'hour' ? 'day' : query.granularity, query.from);
  if (spec.event === null && (spec.measure === 'count' || spec.measure === 'users') && query.breakdown !== 'name') {
    // All events counted, or their users: the user days hold exactly that, ten times fewer rows.
    const measure = spec.measure === 'users' ? 'count(DISTINCT uid)' : 'sum(events)';
    return q.rows(
      `SELECT ${bucket} AS b, ${key} AS k, (${measure})::DOUBLE AS value, sum(events)::DOUBLE AS events
       FROM ${q.t.userDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)}
       GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }
  const conditions = [rangeSql(query), filterSql(params, query)];
  if (spec.event !== null) conditions.push(`name = ${params.add(spec.event)}`);
  const where = conditions.join(' AND ');
  if (spec.measure === 'count' || spec.measure === 'users' || spec.property === null) {
    const measure = spec.measure === 'users' ? 'count(DISTINCT uid)' : spec.measure === 'count' ? 'sum(events)' : 'NULL';
    return q.rows(
      `SELECT ${bucket} AS b, ${key} AS k, (${measure})::DOUBLE AS value, sum(events)::DOUBLE AS events
       FROM ${q.t.nameDays} WHERE ${where} GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }
  const property = params.add(spec.property);
  // Every cell with events has a row (its value NULL when none had a number), as from the events.
  // A sum of no numbers is 0 and an average of none unknown, as in the reference implementation.
  const value = spec.measure === 'sum' ? 'coalesce(p.total, 0)' : 'p.total / nullif(p.numbers, 0)';
  return q.rows(
    `WITH e AS (
       SELECT ${bucket} AS b, ${key} AS k, sum(events)::DOUBLE AS events FROM ${q.t.nameDays} WHERE ${where} GROUP BY GROUPING SETS ((b, k), (k))
     ), p AS (
       SELECT ${bucket} AS b, ${key} AS k, sum(total) AS total, sum(numbers) AS numbers
       FROM ${q.t.nameProperties} WHERE ${where} AND key = ${property} GROUP BY GROUPING SETS ((b, k), (k))
     )
     SELECT e.b, e.k, (${value})::DOUBLE AS value, e.events
     FROM e LEFT JOIN p ON e.b IS NOT DISTINCT FROM p.b AND e.k IS NOT DISTINCT FROM p.k`,
    params,
  );
}

/** Larger values first, unknown ones last. */
function byValue(a: Row, b: Row): number {
  const x = numOrNull(a.value) ?? -Infinity;
  const y = numOrNull(b.value) ?? -Infinity;
  return x === y ? 0 : y > x ? 1 : -1;
}

function compareKeys(a: string | null, b: string | null): number {
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
