import { EXPLORE_MAX_SERIES, REVENUE_PROPERTY, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { bucketLabels } from '../buckets';
import { excludedPurchases } from '../duckdb-purchases';
import { bucketSql, eventRangeSql, filterSql, num, numOrNull, Params, rangeSql, ratesSql, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';

export async function duckDbExplore(q: DuckDbQuery, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
  const buckets = bucketLabels(query);
  const key = query.breakdown === 'none' ? 'NULL::VARCHAR' : query.breakdown;
  const rows =
    // All events counted, or their users, by platform, country or version: the user days hold
    // exactly that (events per user, day and attributes), ten times fewer rows than the events.
    query.event === null && (query.measure === 'count' || query.measure === 'users') && query.breakdown !== 'name'
      ? await exploreUserDays(q, query, key)
      : query.property === REVENUE_PROPERTY
        ? await exploreEvents(q, query, key, money)
        : await exploreNames(q, query, key);
  const totals = rows.filter((row) => row.b === null).sort((a, b) => num(b.events) - num(a.events) || compareKeys(text(a.k), text(b.k)));
  const shown = totals.slice(0, EXPLORE_MAX_SERIES);
  const rest = totals.slice(EXPLORE_MAX_SERIES);
  const cells = new Map(rows.filter((row) => row.b !== null).map((row) => [`${String(row.b)}|${String(row.k)}`, numOrNull(row.value)]));
  const empty = query.measure === 'average' ? null : 0;
  const pointsOf = (k: string | null) => buckets.map((b) => ({ date: b.label, value: cells.get(`${b.label}|${String(k)}`) ?? empty }));
  const label = (k: string | null) => (query.breakdown === 'none' ? (query.event ?? 'All events') : (k ?? '(not set)'));
  const series: Explore['series'] = shown.map((row) => ({ key: text(row.k), label: label(text(row.k)), total: numOrNull(row.value), points: pointsOf(text(row.k)) }));
  if (rest.length > 0 && (query.measure === 'count' || query.measure === 'sum')) {
    series.push({
      key: 'Other',
      label: 'Other',
      total: rest.reduce((sum, row) => sum + num(row.value), 0),
      points: buckets.map((b) => ({ date: b.label, value: rest.reduce((sum, row) => sum + (cells.get(`${b.label}|${String(row.k)}`) ?? 0), 0) })),
    });
  }
  if (query.breakdown === 'none' && series.length === 0) {
    series.push({ key: null, label: label(null), total: empty, points: pointsOf(null) });
  }
  // Measuring revenue: in the reporting currency, with what was left out (ADR 011).
  const measuresRevenue = query.property === REVENUE_PROPERTY && (query.measure === 'sum' || query.measure === 'average');
  return {
    series,
    truncated: rest.length > 0,
    currency: measuresRevenue ? money.currency : null,
    excludedPurchases: measuresRevenue ? await excludedPurchases(q, query, money, query.event) : [],
  };
}

/**
 * Explorer cells (b, k, value, events) and per-key totals (b NULL) from the rollups of event names
 * (issue 20): counts and users from the names per user and day, a property's sum or average from
 * the sums and counts of its numeric values per name and day.
 */
function exploreNames(q: DuckDbQuery, query: ExploreQuery, key: string): Promise<Row[]> {
  const params = new Params();
  const conditions = [rangeSql(query), filterSql(params, query)];
  if (query.event !== null) conditions.push(`name = ${params.add(query.event)}`);
  const where = conditions.join(' AND ');
  const bucket = bucketSql('day', query.granularity, query.from);
  if (query.measure === 'count' || query.measure === 'users' || query.property === null) {
    const measure = query.measure === 'users' ? 'count(DISTINCT uid)' : query.measure === 'count' ? 'sum(events)' : 'NULL';
    return q.rows(
      `SELECT ${bucket} AS b, ${key} AS k, (${measure})::DOUBLE AS value, sum(events)::DOUBLE AS events
       FROM ${q.t.nameDays} WHERE ${where} GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }
  const property = params.add(query.property);
  // Every cell with events has a row (its value NULL when none had a number), as from the events.
  // A sum of no numbers is 0 and an average of none unknown, as in the reference implementation.
  const value = query.measure === 'sum' ? 'coalesce(p.total, 0)' : 'p.total / nullif(p.numbers, 0)';
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

/** The same for revenue, from the events: each purchase above 0 converted to the reporting currency. */
function exploreEvents(q: DuckDbQuery, query: ExploreQuery, key: string, money: ProjectMoney): Promise<Row[]> {
  const params = new Params();
  const conditions = [eventRangeSql(query), filterSql(params, query)];
  if (query.event !== null) conditions.push(`name = ${params.add(query.event)}`);
  // Without a rate a purchase has no value.
  const source = `(SELECT e.*, r.rate AS rate_ FROM ${q.t.events} e LEFT JOIN ${ratesSql(params, money)} r
    ON r.currency = e.currency AND e.revenue_amount > 0)`;
  const value = 'revenue_amount * rate_';
  const measure = { count: 'count(*)', users: 'count(DISTINCT user_id)', sum: 'coalesce(sum(v), 0)', average: 'avg(v)' }[query.measure];
  return q.rows(
    `SELECT ${bucketSql('ts::DATE', query.granularity, query.from)} AS b, ${key} AS k, (${measure})::DOUBLE AS value, count(*)::DOUBLE AS events
     FROM (SELECT *, ${value} AS v FROM ${source} WHERE ${conditions.join(' AND ')})
     GROUP BY GROUPING SETS ((b, k), (k))`,
    params,
  );
}

/** The same cells for every event's count or users, from the user days. */
function exploreUserDays(q: DuckDbQuery, query: ExploreQuery, key: string): Promise<Row[]> {
  const params = new Params();
  const measure = query.measure === 'users' ? 'count(DISTINCT uid)' : 'sum(events)';
  return q.rows(
    `SELECT ${bucketSql('day', query.granularity, query.from)} AS b, ${key} AS k, (${measure})::DOUBLE AS value, sum(events)::DOUBLE AS events
     FROM ${q.t.userDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)}
     GROUP BY GROUPING SETS ((b, k), (k))`,
    params,
  );
}

function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
