import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Row } from '../events/clickhouse/clickhouse-http';
import { bucketSql, date, filterSql, num, rangeSql, type ClickHouseQuery } from './clickhouse-sql';

// The activity figures several pages ask for (the overview, the players page), in ClickHouse SQL on
// the rollups (ADR 033, 037); duckdb-activity.ts answers the same from DuckDB's rollups.

/** The day `days` after a YYYY-MM-DD day. */
const shifted = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const byDay = (rows: Row[]) => new Map(rows.map((row) => [String(row.d), num(row.n)]));

/** DAU per day of the view (days without users left out). */
export async function clickHouseDailyActive(q: ClickHouseQuery, view: AnalyticsQuery): Promise<Map<string, number>> {
  return byDay(await q.rows(`SELECT toString(day) AS d, uniqExact(user_id) AS n FROM ${q.userDays(view)} WHERE ${filterSql(view)} GROUP BY day`));
}

/** New users per install day of the view, their install matching the filters. */
export async function clickHouseInstalls(q: ClickHouseQuery, view: AnalyticsQuery): Promise<Map<string, number>> {
  return byDay(
    await q.rows(
      `SELECT toString(install_day) AS d, count() AS n FROM ${q.users}
       WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(view)} GROUP BY install_day`,
    ),
  );
}

/** Distinct active users in the `window` days ending on each target day. */
export async function clickHouseTrailing(q: ClickHouseQuery, view: AnalyticsQuery, window: number, targets: readonly string[]): Promise<Map<string, number>> {
  if (targets.length === 0) return new Map();
  const sorted = [...targets].sort();
  // Each matching player-day counts for the targets whose window holds it: only those are joined
  // (a player-day of 90 days by week meets 7 or 30 targets, not all 90). The targets are computed
  // in the GROUP BY's own SELECT: a level up, 18.16 drops `day` when only the lambda uses it (ADR 033).
  return byDay(
    await q.rows(
      `SELECT toString(target) AS d, uniqExact(user_id) AS n FROM (
         SELECT user_id, arrayFilter(t -> t >= day AND t < day + ${window}, [${sorted.map(date).join(', ')}]) AS targets
         FROM ${q.userDays({ from: shifted(sorted[0] ?? '', 1 - window), to: sorted.at(-1) ?? '' })}
         WHERE ${filterSql(view)}
         GROUP BY user_id, day
       ) ARRAY JOIN targets AS target
       GROUP BY target`,
    ),
  );
}

/** Sessions per bucket of the view: their number and summed length in seconds. */
export async function clickHouseSessionsByBucket(q: ClickHouseQuery, view: AnalyticsQuery): Promise<Map<string, { sessions: number; length: number }>> {
  const rows = await q.rows(
    `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, count() AS sessions, sum((end_ms - start_ms) / 1000) AS length
     FROM ${q.sessions} WHERE ${rangeSql(view)} AND ${filterSql(view)} GROUP BY b`,
  );
  return new Map(rows.map((row) => [String(row.b), { sessions: num(row.sessions), length: num(row.length) }]));
}
