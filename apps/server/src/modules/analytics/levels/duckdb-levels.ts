import { churnQuietFrom, type Levels, type LevelsQuery } from '@questboard/shared/analytics-levels';
import { date, filterSql, num, numOrNull, Params, rangeSql, text, unfiltered, type DuckDbQuery } from '../duckdb-sql';
import { assembleLevels } from './levels-assembly';

/**
 * The level table (docs/product/metrics.md#level-progression), from the level days (ADR 031): the
 * range's rows that match the filters, grouped by level. A player's last level seen is the level
 * of their row with the latest event (event order of ADR 010), one of their days' last rows; they churned there when they sent
 * no event at all (any name, platform, country or version: the user days) on the quiet days, the
 * range's last CHURN_QUIET_DAYS days.
 */
export async function duckDbLevels(q: DuckDbQuery, query: LevelsQuery): Promise<Levels> {
  const params = new Params();
  const quietFrom = churnQuietFrom(query.to);
  // Reached players: unfiltered, a level's days of the level players whose previous day of it is
  // before the range (ADR 031), without DISTINCT; filtered, distinct players of the level days.
  const players = unfiltered(query)
    ? {
        with: `, players AS (
       SELECT level, count(*) FILTER (WHERE since < ${date(query.from)}) AS players FROM ${q.t.levelPlayers} WHERE ${rangeSql(query)} GROUP BY level
     )`,
        column: 'any_value(p.players)',
        join: ' LEFT JOIN players p ON p.level = l.level',
      }
    : { with: '', column: 'count(DISTINCT uid)', join: '' };
  const rows = await q.rows(
    `WITH l AS MATERIALIZED (
       SELECT uid, level, starts, completes, fails, durations, latest, day_last FROM ${q.t.levelDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)}
     ), last_seen AS (
       SELECT uid, arg_max(level, latest) AS level FROM l WHERE day_last GROUP BY uid
     ), churned AS (
       SELECT level, count(*) AS churned FROM last_seen
       WHERE uid NOT IN (SELECT uid FROM ${q.t.userDays} WHERE day BETWEEN ${date(quietFrom)} AND ${date(query.to)})
       GROUP BY level
     ), durations AS (
       SELECT level, median(duration) AS median_duration FROM (SELECT level, unnest(durations) AS duration FROM l) GROUP BY level
     )${players.with}
     SELECT l.level,
       sum(starts)::DOUBLE AS starts,
       sum(completes)::DOUBLE AS completes,
       sum(fails)::DOUBLE AS fails,
       any_value(d.median_duration)::DOUBLE AS median_duration,
       ${players.column}::DOUBLE AS players,
       any_value(c.churned)::DOUBLE AS churned
     FROM l LEFT JOIN churned c ON c.level = l.level LEFT JOIN durations d ON d.level = l.level${players.join}
     GROUP BY l.level`,
    params,
  );
  return assembleLevels(
    rows.map((row) => ({
      level: text(row.level),
      starts: num(row.starts),
      completes: num(row.completes),
      fails: num(row.fails),
      medianDurationS: numOrNull(row.median_duration),
      players: num(row.players),
      churned: num(row.churned),
    })),
    query,
  );
}
