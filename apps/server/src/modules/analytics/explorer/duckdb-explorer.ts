import { EXPLORE_MAX_SERIES, REVENUE_PROPERTY, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { excludedPurchases } from '../duckdb-purchases';
import { bucketSql, filterSql, num, numOrNull, Params, rangeSql, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { exploreEventCells, numberSql, pointerOf, propertyStats, textSql, type EventSeries, type KeyPlan } from './explore-events-sql';
import { cellsFromSqlGroups, compareKeys, type SeriesCells } from './explore-assembly';
import { explore, type ExplorePlan, type PropertyStats } from './explore-plan';
import { EXACT_VALUES } from './value-buckets';

// The explorer (ADR 010, ADR 026) in DuckDB SQL: each series (A, B, …) measured by bucket and
// broken down, from the rollups where the question allows (no property filter or property
// breakdown, days not hours), from the events otherwise; the keys, the series and the formula
// come from explore-plan.ts and explore-assembly.ts.

export function duckDbExplore(q: DuckDbQuery, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
  return explore(
    {
      propertyStats: (view, series, key) => (series.filters.length === 0 ? rollupPropertyStats(q, view, series, key) : propertyStats(q, new Params(), view, series, key)),
      cells: (view, spec, plan, currency, keys) => seriesCells(q, view, spec, duckDbPlan(plan), currency, keys),
      excludedPurchases: (view, currency, event) => excludedPurchases(q, { ...view, granularity: 'day' }, currency, event),
    },
    query,
    money,
  );
}

/**
 * What a property's values are, from the property keys per name and day (r7, ADR 026) instead of
 * every event's JSON: the same counts, spread and wholeness as propertyStats reads from the events,
 * for a series without property filters (the rollups hold the range's days at the page's platform,
 * country and version). The distinct numbers are exact up to EXACT_VALUES, which is all a
 * breakdown asks of them (numberBreakdown); a day with more keeps no list, and the answer is then
 * more than EXACT_VALUES.
 */
export async function rollupPropertyStats(q: DuckDbQuery, query: ExploreQuery, series: EventSeries, key: string): Promise<PropertyStats> {
  const params = new Params();
  const conditions = [rangeSql(query), filterSql(params, query), `key = ${params.add(key)}`];
  if (series.event !== null) conditions.push(`name = ${params.add(series.event)}`);
  const [row] = await q.rows(
    `SELECT coalesce(sum(numbers), 0)::DOUBLE AS numbers, coalesce(sum(others), 0)::DOUBLE AS others, min(low) AS min, max(high) AS max,
       coalesce(bool_and(whole), true) AS integers, coalesce(bool_or(numbers > 0 AND few IS NULL), false) AS many,
       len(list_distinct(flatten(list(few) FILTER (WHERE few IS NOT NULL))))::DOUBLE AS distinct_numbers
     FROM ${q.t.nameProperties} WHERE ${conditions.join(' AND ')}`,
    params,
  );
  const distinct = num(row?.distinct_numbers);
  return {
    numbers: num(row?.numbers),
    others: num(row?.others),
    min: numOrNull(row?.min),
    max: numOrNull(row?.max),
    distinct: row?.many === true ? Math.max(distinct, EXACT_VALUES + 1) : distinct,
    integers: row?.integers !== false,
  };
}

type Plan = KeyPlan & {
  /** The rollups' column of the key; null for a property. */
  dimension: string | null;
};

/** The breakdown's key in DuckDB SQL: an attribute's column, or a property's text, exact numbers or number buckets. */
function duckDbPlan(plan: ExplorePlan): Plan {
  const { by, rank } = plan;
  switch (by.kind) {
    case 'none':
      return { key: () => 'NULL::VARCHAR', type: 'VARCHAR', rank, dimension: 'NULL::VARCHAR' };
    case 'attribute':
      return { key: () => by.column, type: 'VARCHAR', rank, dimension: by.column };
    case 'number':
      return { key: (params) => numberSql(params.add(pointerOf(by.property))), type: 'DOUBLE', rank, dimension: null };
    case 'bucket':
      return {
        key: (params) => `floor(${numberSql(params.add(pointerOf(by.property)))} / ${params.add(by.width)}::DOUBLE)::BIGINT`,
        type: 'BIGINT',
        rank,
        dimension: null,
      };
    case 'text':
      return { key: (params) => textSql(params.add(pointerOf(by.property))), type: 'VARCHAR', rank, dimension: null };
  }
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
