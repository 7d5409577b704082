import { EXPLORE_MAX_SERIES, REVENUE_PROPERTY, type Explore, type ExploreMeasure, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { literal } from '../../events/clickhouse/clickhouse-http';
import { clickHouseExcludedPurchases } from '../clickhouse-purchases';
import { convertibleSql, num, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import { numOrNull, text } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { cellsFromSqlGroups, type SeriesCells } from './explore-assembly';
import type { EventSeries } from './explore-events-sql';
import { explore, type ExplorePlan, type PropertyStats } from './explore-plan';
import { eventBucketSql, eventConditionsSql, propertyNumberSql, propertyTextSql } from './clickhouse-explore-sql';

// The explorer (ADR 010, ADR 026) in ClickHouse SQL on the deduplicated events (ADR 033): every
// series from the events of its range; the keys, the series and the formula come from
// explore-plan.ts and explore-assembly.ts, as on DuckDB.

export function clickHouseExplore(q: ClickHouseQuery, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
  return explore(
    {
      propertyStats: (view, series, key) => propertyStats(q, view, series, key),
      cells: (view, spec, plan, currency, keys) => seriesCells(q, view, spec, plan, currency, keys),
      excludedPurchases: (view, currency, event) => clickHouseExcludedPurchases(q, view, currency, event),
    },
    query,
    money,
  );
}

/** The breakdown's key of an event; numbers stay numbers (grouped as such) and are written as text in the answer. */
function keySql(plan: ExplorePlan): string {
  const { by } = plan;
  switch (by.kind) {
    case 'none':
      return 'CAST(NULL AS Nullable(String))';
    case 'attribute':
      return by.column === 'name' ? 'toNullable(name)' : by.column;
    case 'number':
      return propertyNumberSql(by.property);
    case 'bucket':
      return `toInt64(floor(${propertyNumberSql(by.property)} / ${literal(by.width)}))`;
    case 'text':
      return propertyTextSql(by.property);
  }
}

// Empty or all-NULL values: a sum of no numbers is 0 and an average of none unknown (as on DuckDB).
const measureSql = (measure: ExploreMeasure) =>
  ({ count: 'count()', users: 'uniqExact(u_)', sum: 'ifNull(sum(v_), 0)', average: 'if(count(v_) = 0, NULL, sum(v_) / count(v_))' })[measure];

/** A series' events: bucket, key, player and the value measured. */
function baseSql(q: ClickHouseQuery, query: ExploreQuery, series: EventSeries, plan: ExplorePlan, money: ProjectMoney): string {
  const value =
    series.property === null || (series.measure !== 'sum' && series.measure !== 'average')
      ? 'CAST(NULL AS Nullable(Float64))'
      : series.property === REVENUE_PROPERTY
        ? // Without a rate a purchase has no value (ADR 011).
          `if(${convertibleSql(money)}, ${worthSql(money)}, NULL)`
        : propertyNumberSql(series.property);
  return `SELECT ${eventBucketSql(query.granularity, query.from)} AS b_, ${keySql(plan)} AS key_, user_id AS u_, ${value} AS v_
    FROM ${q.eventsOn(query)} WHERE ${eventConditionsSql(query, series)}`;
}

/** Whether an event's key is one of the shown ones; never NULL. */
function shownSql(keys: readonly (string | null)[]): string {
  const texts = keys.filter((key): key is string => key !== null);
  const parts = [...(keys.includes(null) ? ['isNull(key_)'] : []), ...(texts.length > 0 ? [`ifNull(key_ IN (${texts.map(literal).join(', ')}), 0)`] : [])];
  return parts.length > 0 ? `(${parts.join(' OR ')})` : '0';
}

async function seriesCells(
  q: ClickHouseQuery,
  query: ExploreQuery,
  series: EventSeries,
  plan: ExplorePlan,
  money: ProjectMoney,
  given: (string | null)[] | null,
): Promise<SeriesCells> {
  const base = baseSql(q, query, series, plan, money);
  const measure = measureSql(series.measure);
  let shown = '1';
  if (given !== null) shown = shownSql(given);
  else if (plan.rank !== 'all') {
    // The shown keys first, by the plan's rank (no common table expressions in 18.16, so the
    // choice is a query of its own and the cells name its keys).
    const top = await q.rows(
      `SELECT key_ AS k, ${measure} AS value, count() AS events FROM (${base}) GROUP BY key_
       ORDER BY ${plan.rank === 'measure' ? 'value DESC NULLS LAST, ' : ''}events DESC, k NULLS LAST LIMIT ${EXPLORE_MAX_SERIES}`,
    );
    shown = shownSql(top.map((row) => text(row.k)));
  }
  // Each event counts in its bucket's row and in its key's total row (the empty bucket): 18.16
  // has no GROUPING SETS, and one pass over the events serves both.
  const rows = await q.rows(
    `SELECT b, k, other, ${measure} AS value, count() AS events FROM (
       SELECT b_, if(shown_, toString(key_), NULL) AS k, NOT shown_ AS other, u_, v_ FROM (SELECT *, ${shown} AS shown_ FROM (${base}))
     ) ARRAY JOIN [b_, ''] AS b GROUP BY b, k, other`,
  );
  const cells = rows.map((row) => ({ b: row.b === '' ? null : text(row.b), k: text(row.k), other: num(row.other) === 1, value: numOrNull(row.value), events: num(row.events) }));
  // An attribute's Other holds only measures that add up (ADR 010); a property's is its own group (ADR 026).
  const addsUp = series.measure === 'count' || series.measure === 'sum';
  const byProperty = plan.by.kind !== 'none' && plan.by.kind !== 'attribute';
  return cellsFromSqlGroups(cells, plan.rank === 'all' ? 'keys' : plan.rank === 'measure' ? 'value' : 'events', byProperty || addsUp);
}

/** What the first series' values of a property are: how many numbers and other values, and the numbers' spread. */
async function propertyStats(q: ClickHouseQuery, query: ExploreQuery, series: EventSeries, key: string): Promise<PropertyStats> {
  const [row] = await q.rows(
    `SELECT count(n) AS numbers, countIf(isNull(n) AND isNotNull(t)) AS others, min(n) AS min, max(n) AS max,
       uniqExact(n) AS distinct_numbers, countIf(ifNull(n != floor(n), 0)) = 0 AS integers
     FROM (SELECT ${propertyNumberSql(key)} AS n, ${propertyTextSql(key)} AS t FROM ${q.eventsOn(query)} WHERE ${eventConditionsSql(query, series)})`,
  );
  const numbers = num(row?.numbers);
  return {
    numbers,
    others: num(row?.others),
    min: numbers === 0 ? null : numOrNull(row?.min),
    max: numbers === 0 ? null : numOrNull(row?.max),
    distinct: num(row?.distinct_numbers),
    integers: num(row?.integers) === 1,
  };
}
