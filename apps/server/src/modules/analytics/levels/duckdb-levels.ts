import { churnQuietFrom, LEVEL_EVENTS, LEVELS_MAX, levelOrder, type LevelRow, type Levels, type LevelsQuery } from '@questboard/shared/analytics-levels';
import { date, eventRangeSql, filterSql, num, numOrNull, Params, ratio, type DuckDbQuery } from '../duckdb-sql';
import { eventOrderSql, levelEventsSql, numberPropertySql, textPropertySql } from '../game-events-sql';

/**
 * The level table (docs/product/metrics.md#level-progression): one pass over the range's
 * progression events that match the filters, grouped by level. A player's last level seen is the
 * level of their latest such event (event order of ADR 010); they churned there when they sent no
 * event at all (any name, platform, country or version: the user days) on the quiet days, the
 * range's last CHURN_QUIET_DAYS days.
 */
export async function duckDbLevels(q: DuckDbQuery, query: LevelsQuery): Promise<Levels> {
  const params = new Params();
  const quietFrom = churnQuietFrom(query.to);
  const start = params.add(LEVEL_EVENTS.start);
  const complete = params.add(LEVEL_EVENTS.complete);
  const fail = params.add(LEVEL_EVENTS.fail);
  const rows = await q.rows(
    `WITH p AS MATERIALIZED (
       SELECT hash(user_id) AS uid, name, ts, received_at, insert_id, ${textPropertySql('level')} AS level,
         CASE WHEN name = ${complete} THEN ${numberPropertySql('duration_s')} END AS duration
       FROM ${q.t.events} WHERE ${levelEventsSql(params)} AND ${eventRangeSql(query)} AND ${filterSql(params, query)}
     ), last_seen AS (
       SELECT uid, arg_max(level, (${eventOrderSql})) AS level FROM p WHERE level IS NOT NULL GROUP BY uid
     ), churned AS (
       SELECT level, count(*) AS churned FROM last_seen
       WHERE uid NOT IN (SELECT uid FROM ${q.t.userDays} WHERE day BETWEEN ${date(quietFrom)} AND ${date(query.to)})
       GROUP BY level
     )
     SELECT p.level,
       count(*) FILTER (WHERE name = ${start})::DOUBLE AS starts,
       count(*) FILTER (WHERE name = ${complete})::DOUBLE AS completes,
       count(*) FILTER (WHERE name = ${fail})::DOUBLE AS fails,
       median(duration)::DOUBLE AS median_duration,
       count(DISTINCT uid)::DOUBLE AS players,
       any_value(c.churned)::DOUBLE AS churned
     FROM p LEFT JOIN churned c ON c.level = p.level
     GROUP BY p.level`,
    params,
  );
  const withoutLevel = rows.find((row) => row.level === null);
  const byLevel = new Map(rows.filter((row) => row.level !== null).map((row) => [String(row.level), row]));
  const { numeric, compare } = levelOrder([...byLevel.keys()]);
  const levels = [...byLevel.keys()].sort(compare);
  return {
    levels: levels.slice(0, LEVELS_MAX).map((level): LevelRow => {
      const row = byLevel.get(level);
      const [starts, completes, fails] = [num(row?.starts), num(row?.completes), num(row?.fails)];
      return {
        level,
        starts,
        completes,
        fails,
        failRate: ratio(fails, completes + fails),
        attemptsPerCompletion: ratio(starts, completes),
        medianDurationS: numOrNull(row?.median_duration),
        players: num(row?.players),
        churned: num(row?.churned),
      };
    }),
    numeric,
    truncated: levels.length > LEVELS_MAX,
    quietFrom,
    withoutLevel: num(withoutLevel?.starts) + num(withoutLevel?.completes) + num(withoutLevel?.fails),
  };
}
