import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import { bucketSql, byBucket, date, filterSql, num, Params, rangeSql, unfiltered, type DuckDbQuery, type Row } from './duckdb-sql';

// Activity figures several pages share (DAU, WAU and MAU, installs, sessions), from the rollups.

/** DAU per day of the range (days without users left out). */
export async function dailyActive(q: DuckDbQuery, view: AnalyticsQuery): Promise<Map<string, number>> {
  const params = new Params();
  const rows = await q.rows(
    unfiltered(view)
      ? `SELECT day::VARCHAR AS d, count(*)::DOUBLE AS n FROM ${q.t.activeDays} WHERE ${rangeSql(view)} GROUP BY day`
      : `SELECT day::VARCHAR AS d, count(DISTINCT uid)::DOUBLE AS n FROM ${q.t.userDays}
         WHERE ${rangeSql(view)} AND ${filterSql(params, view)} GROUP BY day`,
    params,
  );
  return new Map(rows.map((row) => [String(row.d), num(row.n)]));
}

/**
 * Distinct active users in the `window` days ending on each target day (WAU: 7, MAU: 30). A user
 * counts for the days from each of their active days until the window closes or their next active
 * day comes, so the spans of one user never overlap: the figure on a day is the number of spans
 * covering it, a running sum of span starts minus span ends. Unfiltered, the next active day is in
 * the active-days rollup; filtered, it is found among the matching days.
 */
export async function trailing(q: DuckDbQuery, view: AnalyticsQuery, window: number, targets: readonly string[]): Promise<Map<string, number>> {
  if (targets.length === 0) return new Map();
  const sorted = [...targets].sort();
  const params = new Params();
  const lower = `${date(sorted[0] ?? '')} - ${window - 1}`;
  const upper = date(sorted.at(-1) ?? '');
  const spans = unfiltered(view)
    ? `SELECT day, least(day + ${window}, coalesce(next_day, day + ${window})) AS until
       FROM ${q.t.activeDays} WHERE day BETWEEN ${lower} AND ${upper}`
    : `SELECT day, least(day + ${window}, coalesce(lead(day) OVER (PARTITION BY uid ORDER BY day), day + ${window})) AS until
       FROM (SELECT DISTINCT uid, day FROM ${q.t.userDays} WHERE day BETWEEN ${lower} AND ${upper} AND ${filterSql(params, view)})`;
  const rows = await q.rows(
    `WITH spans AS (${spans}),
     deltas AS (SELECT day AS moment, count(*) AS d FROM spans GROUP BY day UNION ALL SELECT until, -count(*) FROM spans GROUP BY until),
     running AS (SELECT moment, sum(sum(d)) OVER (ORDER BY moment) AS n FROM deltas GROUP BY moment),
     targets AS (SELECT unnest([${sorted.map(date).join(', ')}]) AS target)
     SELECT target::VARCHAR AS d, coalesce(n, 0)::DOUBLE AS n FROM targets ASOF LEFT JOIN running ON target >= moment`,
    params,
  );
  return new Map(rows.map((row) => [String(row.d), num(row.n)]));
}

/** New users per install day of the range (installs matching the filters). */
export async function installs(q: DuckDbQuery, view: AnalyticsQuery): Promise<Map<string, number>> {
  const params = new Params();
  const rows = await q.rows(
    `SELECT install_day::VARCHAR AS d, count(*)::DOUBLE AS n FROM ${q.t.users}
     WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(params, view)} GROUP BY install_day`,
    params,
  );
  return new Map(rows.map((row) => [String(row.d), num(row.n)]));
}

/** Sessions per bucket: count and summed length. */
export async function sessionsByBucket(q: DuckDbQuery, view: AnalyticsQuery): Promise<Map<string, Row>> {
  const params = new Params();
  return byBucket(
    await q.rows(
      `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, count(*)::DOUBLE AS sessions, sum(length)::DOUBLE AS length
       FROM ${q.t.sessions} WHERE ${rangeSql(view)} AND ${filterSql(params, view)} GROUP BY b`,
      params,
    ),
  );
}
