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
  // Churned: only the players quiet on the quiet days have their last level seen looked for, and
  // among their rows of their last day only (a later day's events come later in event order), so
  // the event orders (structs) are compared for a few rows a player, not for all their days.
  // Reached players: unfiltered, a level's days of the level players whose previous day of it is
  // before the range (ADR 031), without DISTINCT; filtered, distinct players of the level days.
  const players = unfiltered(query)
    ? {
        with: `, players AS (
       SELECT level, count(*) FILTER (WHERE since < ${date(query.from)}) AS players FROM ${q.t.levelPlayers} WHERE ${rangeSql(query)} GROUP BY level
     )`,
        sum: 'NULL',
        column: 'p.players',
        join: ' LEFT JOIN players p ON p.level = s.level',
      }
    : { with: '', sum: 'count(DISTINCT uid)', column: 's.players', join: '' };
  // The sums are taken per level first, and each level's other figures joined to them (not to
  // every row of the range).
  const rows = await q.rows(
    `WITH l AS MATERIALIZED (
       SELECT day, uid, level, starts, completes, fails, durations, latest, day_last FROM ${q.t.levelDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)}
     ), quiet AS (
       SELECT day, uid, level, latest FROM l WHERE day_last AND uid NOT IN (SELECT uid FROM ${q.t.userDays} WHERE day BETWEEN ${date(quietFrom)} AND ${date(query.to)})
     ), last_day AS (
       SELECT uid, max(day) AS day FROM quiet GROUP BY uid
     ), churned AS (
       SELECT level, count(*) AS churned FROM (
         SELECT w.uid, arg_max(w.level, w.latest) AS level FROM quiet w JOIN last_day d ON d.uid = w.uid AND d.day = w.day GROUP BY w.uid
       ) GROUP BY level
     ), durations AS (
       SELECT level, median(duration) AS median_duration FROM (SELECT level, unnest(durations) AS duration FROM l) GROUP BY level
     ), sums AS (
       SELECT level, sum(starts) AS starts, sum(completes) AS completes, sum(fails) AS fails, ${players.sum} AS players FROM l GROUP BY level
     )${players.with}
     SELECT s.level,
       s.starts::DOUBLE AS starts,
       s.completes::DOUBLE AS completes,
       s.fails::DOUBLE AS fails,
       d.median_duration::DOUBLE AS median_duration,
       ${players.column}::DOUBLE AS players,
       c.churned::DOUBLE AS churned
     FROM sums s LEFT JOIN churned c ON c.level = s.level LEFT JOIN durations d ON d.level = s.level${players.join}`,
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
