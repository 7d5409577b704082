import type { PropertyFilter } from '@questboard/shared/analytics-explore-filters';
import { EXPLORE_MAX_SERIES, REVENUE_PROPERTY, type ExploreGranularity, type ExploreMeasure, type ExploreQuery } from '@questboard/shared/analytics-explore';
import { date, eventRangeSql, filterSql, num, numOrNull, type Params, ratesSql, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { ProjectMoney } from '@questboard/shared/money';

// The explorer's reads of the events themselves (ADR 026), for what the rollups cannot answer:
// property filters, breakdowns by a property's values, hours, revenue. Property keys are user
// input: each is sent as a JSON pointer in a parameter, never placed in the SQL text, and every
// value compared is a parameter too.


/** The JSON pointer of a key ('/level'; '~' and '/' escaped as RFC 6901 says), so any key text is safe. */
export const pointerOf = (key: string) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;

/**
 * The property's JSON value. Every expression below starts from this one, written the same way:
 * DuckDB computes an expression repeated in a SELECT once, so an event's JSON is parsed once per
 * property, not once per use (the values' type, number and text; ADR 026).
 */
const valueSql = (pointer: string) => `json_extract(properties, ${pointer})`;
/** The property's value as text (a string as sent, a number or boolean as written), NULL when missing or null. */
export const textSql = (pointer: string) => `json_extract_string(${valueSql(pointer)}, '$')`;
/**
 * The property's value when it is a JSON number, else NULL. The value's JSON text is read as a
 * number: only a JSON number's text is one (a string keeps its quotes; true, false, null, arrays
 * and objects are not numbers), so this equals the `json_type(…) IN (numbers)` check it replaced,
 * without parsing the value twice more (ADR 026).
 */
export const numberSql = (pointer: string) => `TRY_CAST(${valueSql(pointer)}::VARCHAR AS DOUBLE)`;

/** One property filter as SQL (docs/product/metrics.md "Property filters"). */
export function propertyFilterSql(params: Params, filter: PropertyFilter): string {
  const pointer = params.add(pointerOf(filter.key));
  const text = textSql(pointer);
  const number = numberSql(pointer);
  // Equal: the same text, or the same number (3 equals 3.0).
  const equals = (value: string) => {
    const asNumber = value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
    return `(${text} = ${params.add(value)}${asNumber === null ? '' : ` OR ${number} = ${params.add(asNumber)}::DOUBLE`})`;
  };
  const compare = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  switch (filter.op) {
    case 'eq':
      return equals(filter.values[0] ?? '');
    case 'neq':
      // A missing key is not equal to the value either.
      return `NOT coalesce(${equals(filter.values[0] ?? '')}, false)`;
    case 'in':
      return `(${filter.values.map(equals).join(' OR ')})`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return `coalesce(${number} ${compare[filter.op]} ${params.add(Number(filter.values[0]))}::DOUBLE, false)`;
    case 'set':
      return `${text} IS NOT NULL`;
    case 'not_set':
      return `${text} IS NULL`;
  }
}

/**
 * The bucket of an event as a date or an hour, grouped on before it is written as a label
 * (bucketLabelSql): writing the label of every event cost more than the grouping itself.
 */
export function eventBucketSql(granularity: ExploreGranularity, from: string): string {
  if (granularity === 'hour') return `date_trunc('hour', ts)`;
  if (granularity === 'day') return 'ts::DATE';
  return `greatest(date_trunc('${granularity}', ts::DATE)::DATE, ${date(from)})`;
}

/** A bucket of eventBucketSql as its label: the day's bucket (as bucketSql writes it), or the hour written YYYY-MM-DDTHH:00:00Z. */
export function bucketLabelSql(granularity: ExploreGranularity, bucket: string): string {
  return granularity === 'hour' ? `strftime(${bucket}, '%Y-%m-%dT%H:00:00Z')` : `(${bucket})::VARCHAR`;
}

/** One series as read from the events: what it selects and measures. */
export interface EventSeries {
  event: string | null;
  measure: ExploreMeasure;
  property: string | null;
  filters: readonly PropertyFilter[];
}

/** The WHERE of a series' events: the range, the page's filters, the event name and its property filters. */
export function eventConditionsSql(params: Params, query: ExploreQuery, series: EventSeries): string {
  const conditions = [eventRangeSql(query), filterSql(params, query)];
  if (series.event !== null) conditions.push(`name = ${params.add(series.event)}`);
  for (const filter of series.filters) conditions.push(propertyFilterSql(params, filter));
  return conditions.join(' AND ');
}

const measureSql = (measure: ExploreMeasure) =>
  ({ count: 'count(*)', users: 'count(DISTINCT u)', sum: 'coalesce(sum(v), 0)', average: 'avg(v)' })[measure];

/** How the rows are grouped: the key expression, and how the shown keys are chosen. */
export interface KeyPlan {
  /** SQL of the key per event (given the params). */
  key: (params: Params) => string;
  /** The SQL type of the key, for the keys given to the series after the first. */
  type: 'VARCHAR' | 'DOUBLE' | 'BIGINT';
  /** 'measure': the largest by the measure; 'events': the most events (attributes, ADR 010); 'all': every key (numbers). */
  rank: 'measure' | 'events' | 'all';
}

/**
 * A series' cells from the events: rows (b, k, other, value, events), b NULL for the totals of a key.
 * The shown keys are `keys` when given (the first series chose them), else the EXPLORE_MAX_SERIES
 * first by the plan's rank; the rest are one group, `other`.
 */
export function exploreEventCells(
  q: DuckDbQuery,
  params: Params,
  query: ExploreQuery,
  series: EventSeries,
  plan: KeyPlan,
  money: ProjectMoney,
  keys: readonly (string | number | null)[] | null,
): Promise<Row[]> {
  const measuresRevenue = series.property === REVENUE_PROPERTY;
  // Without a rate a purchase has no value (ADR 011).
  const source = measuresRevenue
    ? `(SELECT e.*, r.rate AS rate_ FROM ${q.t.events} e LEFT JOIN ${ratesSql(params, money)} r ON r.currency = e.currency AND e.revenue_amount > 0)`
    : q.t.events;
  const value =
    series.property === null || (series.measure !== 'sum' && series.measure !== 'average')
      ? 'NULL::DOUBLE'
      : measuresRevenue
        ? 'revenue_amount * rate_'
        : numberSql(params.add(pointerOf(series.property)));
  const key = plan.key(params);
  const where = eventConditionsSql(params, query, series);
  const base = `SELECT ${eventBucketSql(query.granularity, query.from)} AS b, ${key} AS k, user_id AS u, ${value} AS v FROM ${source} WHERE ${where}`;
  const measure = measureSql(series.measure);
  if (keys === null && plan.rank === 'all') {
    // Every key shown (numbers): nothing to choose, so no Other and no join (ADR 026).
    return q.rows(
      `SELECT ${bucketLabelSql(query.granularity, 'b')} AS b, k::VARCHAR AS k, false AS other, (${measure})::DOUBLE AS value, count(*)::DOUBLE AS events
       FROM (${base}) GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }
  const top =
    keys !== null
      ? keys.length === 0
        ? `SELECT NULL::${plan.type} AS k, true AS shown WHERE false`
        : `SELECT k, true AS shown FROM (VALUES ${keys.map((k) => `(${k === null ? 'NULL' : params.add(k)}::${plan.type})`).join(', ')}) AS given(k)`
      : `SELECT k, true AS shown FROM (SELECT k, ${measure} AS value, count(*) AS events FROM base GROUP BY k)
           ORDER BY ${plan.rank === 'measure' ? 'value DESC NULLS LAST, ' : ''}events DESC, k NULLS LAST LIMIT ${EXPLORE_MAX_SERIES}`;
  return q.rows(
    `WITH base AS MATERIALIZED (${base}), top AS (${top})
     SELECT ${bucketLabelSql(query.granularity, 'base.b')} AS b, top.k::VARCHAR AS k, top.shown IS NULL AS other, (${measure})::DOUBLE AS value, count(*)::DOUBLE AS events
     FROM base LEFT JOIN top ON base.k IS NOT DISTINCT FROM top.k
     GROUP BY GROUPING SETS ((base.b, top.k, top.shown), (top.k, top.shown))`,
    params,
  );
}

/** What the first series' values of a property are: how many numbers and other values, and the numbers' spread. */
export async function propertyStats(
  q: DuckDbQuery,
  params: Params,
  query: ExploreQuery,
  series: EventSeries,
  key: string,
): Promise<{ numbers: number; others: number; min: number | null; max: number | null; distinct: number; integers: boolean }> {
  const pointer = params.add(pointerOf(key));
  const [row] = await q.rows(
    `SELECT count(n)::DOUBLE AS numbers, count(*) FILTER (WHERE n IS NULL AND t IS NOT NULL)::DOUBLE AS others,
       min(n) AS min, max(n) AS max, count(DISTINCT n)::DOUBLE AS distinct_numbers, coalesce(bool_and(n = floor(n)), true) AS integers
     FROM (SELECT ${numberSql(pointer)} AS n, ${textSql(pointer)} AS t FROM ${q.t.events} WHERE ${eventConditionsSql(params, query, series)})`,
    params,
  );
  return {
    numbers: num(row?.numbers),
    others: num(row?.others),
    min: numOrNull(row?.min),
    max: numOrNull(row?.max),
    distinct: num(row?.distinct_numbers),
    integers: row?.integers !== false,
  };
}
