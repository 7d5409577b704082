import type { DuckDBConnection } from '@duckdb/node-api';
import { materialisedRows } from '../analytics/duckdb-statements';
import { EXACT_VALUES } from '../analytics/explorer/value-buckets';
import { projectTable } from './event-table';
import { buildGameRollupsSql, refreshGameRollupsSql } from './duckdb-game-rollups';

// The per-project rollups the metrics read (ADR 010): user days, sessions and installs, each several
// times smaller than the events. The writer appends the UTC days each commit touched to
// `rollup_dirty` in the commit's own transaction (a delete, the days of the rows it deletes; a day
// of NULL, everything, after a table rebuild); a refresh recomputes those days from the events and
// deletes the marks it took in, in one transaction. The writer only appends marks and the refresh only deletes the ones it saw, so the
// two never conflict, and a crash at any point leaves marks that the next refresh takes in.
// Rollups key users by a 64-bit hash of user_id (`uid`): counting and joining integers is about
// twice as fast as strings; two ids of a game colliding is a chance of about 3 in 10^8 at 10^6
// players (ADR 010). The names carry a version: a new layout builds new tables (r2, issue 21: revenue
// moved out of the user days into purchases, kept per currency; r3, issue 20: the event names per
// user and day, and their property keys with numeric sums, for the event list and the explorer;
// r4, issue 20: each name's users per day with the user's previous day of it, so the event list
// counts a name's users without DISTINCT; r5, issue 17: the game-design pages' level days, resource
// days and balances, duckdb-game-rollups.ts and ADR 031; r6, issue 17: the level, resource and
// balance players, each player's days of each level, flow, item type, item and balance level with
// their previous such day, so the unfiltered level table and economy page count players without
// DISTINCT (ADR 031); r7, issue 17: the property keys' numeric statistics (least, greatest, whole,
// up to ten distinct values, values that are not numbers), so the explorer's breakdown by a property
// reads the events once (ADR 026), and the resource players summed per group and previous days
// (`resource_counts`), which the unfiltered economy page reads (ADR 031), and sessions whose events
// of one millisecond are never split (`sessionsSelect`); the older tables are dropped).

export const rollupBookkeepingSql = ['CREATE TABLE IF NOT EXISTS rollup_dirty (project VARCHAR NOT NULL, seq BIGINT NOT NULL, day DATE)'];

export interface RollupTables {
  events: string;
  userDays: string;
  sessions: string;
  users: string;
  activeDays: string;
  purchases: string;
  nameDays: string;
  nameProperties: string;
  nameUserDays: string;
  levelDays: string;
  resourceDays: string;
  balances: string;
  resourcePlayers: string;
  resourceCounts: string;
  levelPlayers: string;
  balancePlayers: string;
}

const LEGACY_ROLLUPS = [
  ...['_r1_user_days', '_r1_sessions', '_r1_users', '_r1_active_days'],
  ...['_r2_user_days', '_r2_sessions', '_r2_users', '_r2_active_days', '_r2_purchases'],
  ...['_r3_user_days', '_r3_sessions', '_r3_users', '_r3_active_days', '_r3_purchases', '_r3_name_days', '_r3_name_properties'],
  ...['_r4_user_days', '_r4_sessions', '_r4_users', '_r4_active_days', '_r4_purchases', '_r4_name_days', '_r4_name_properties', '_r4_name_user_days'],
  ...['_r5_user_days', '_r5_sessions', '_r5_users', '_r5_active_days', '_r5_purchases', '_r5_name_days', '_r5_name_properties', '_r5_name_user_days'],
  ...['_r5_level_days', '_r5_resource_days', '_r5_balances'],
  ...['_r6_user_days', '_r6_sessions', '_r6_users', '_r6_active_days', '_r6_purchases', '_r6_name_days', '_r6_name_properties', '_r6_name_user_days'],
  ...['_r6_level_days', '_r6_resource_days', '_r6_balances', '_r6_resource_players', '_r6_level_players', '_r6_balance_players'],
];

export function rollupTables(projectId: string): RollupTables {
  const events = projectTable(projectId);
  return {
    events,
    userDays: `${events}_r7_user_days`,
    sessions: `${events}_r7_sessions`,
    users: `${events}_r7_users`,
    activeDays: `${events}_r7_active_days`,
    purchases: `${events}_r7_purchases`,
    nameDays: `${events}_r7_name_days`,
    nameProperties: `${events}_r7_name_properties`,
    nameUserDays: `${events}_r7_name_user_days`,
    levelDays: `${events}_r7_level_days`,
    resourceDays: `${events}_r7_resource_days`,
    balances: `${events}_r7_balances`,
    resourcePlayers: `${events}_r7_resource_players`,
    resourceCounts: `${events}_r7_resource_counts`,
    levelPlayers: `${events}_r7_level_players`,
    balancePlayers: `${events}_r7_balance_players`,
  };
}

/** After the table was rebuilt: a mark of NULL (every day) that makes the next refresh rebuild the project's rollups. */
export function allDaysDirtySql(projectId: string, seq: number): string {
  projectTable(projectId); // refuses anything but a project id: it is placed in the SQL text
  return `INSERT INTO rollup_dirty VALUES ('${projectId}', ${seq}, NULL)`;
}

/** A user's day: what the activity and install figures are computed from. */
function userDaysSelect(events: string, where: string): string {
  return `SELECT ts::DATE AS day, hash(user_id) AS uid, platform, country, app_version, count(*)::INTEGER AS events,
      min(ts) AS first_ts, max(ts) AS last_ts
    FROM ${events} WHERE ${where} GROUP BY ALL`;
}

/** A user's events of a day by name: the event list's counts and users, the explorer's per event. */
function nameDaysSelect(events: string, where: string): string {
  return `SELECT ts::DATE AS day, name, hash(user_id) AS uid, platform, country, app_version, count(*)::INTEGER AS events, max(ts) AS last_ts
    FROM ${events} WHERE ${where} GROUP BY ALL`;
}

/**
 * Each event name's users per day, with the user's previous day of that name (NULL on their first):
 * a name's distinct users over a range are the rows in it whose previous day is before it, so the
 * unfiltered event list counts them without DISTINCT (issue 20). `where` limits the users.
 */
function nameUserDaysSelect(nameDays: string, where: string): string {
  return `SELECT name, uid, day, lag(day) OVER (PARTITION BY name, uid ORDER BY day) AS previous_day, events, last_ts FROM (
      SELECT name, uid, day, sum(events)::INTEGER AS events, max(last_ts) AS last_ts FROM ${nameDays} WHERE ${where} GROUP BY name, uid, day)`;
}

/**
 * The property keys sent with each event name a day, with the sum and count of their numeric
 * values: the event list's keys and the explorer's sums and averages of a property, without reading
 * the JSON of every event. A key is read through a JSON pointer, so any key text is safe. With them
 * (r7, ADR 026) what the explorer's breakdown by a property decides its keys from: how many values
 * are not numbers (`others`: present and not JSON null), the numbers' least and greatest, whether
 * all are whole, and their distinct values when there are at most EXACT_VALUES of them (`few`, NULL
 * when more), so only the cells read the events.
 */
function namePropertiesSelect(events: string, where: string): string {
  return `SELECT * REPLACE (CASE WHEN len(few) <= ${EXACT_VALUES} THEN few END AS few) FROM (
    SELECT day, name, platform, country, app_version, key, sum(v)::DOUBLE AS total, count(v)::INTEGER AS numbers,
      (count(*) FILTER (WHERE v IS NULL AND kind <> 'NULL'))::INTEGER AS others, min(v) AS low, max(v) AS high,
      bool_and(v = floor(v)) AS whole, list(DISTINCT v) FILTER (WHERE v IS NOT NULL) AS few
    FROM (
      SELECT ts::DATE AS day, name, platform, country, app_version, key, kind,
        CASE WHEN kind IN ('BIGINT', 'UBIGINT', 'DOUBLE', 'HUGEINT') THEN json_extract(properties, pointer)::DOUBLE END AS v
      FROM (SELECT *, json_type(properties, pointer) AS kind FROM (SELECT *, '/' || replace(replace(key, '~', '~0'), '/', '~1') AS pointer
        FROM (SELECT ts, name, platform, country, app_version, properties, unnest(json_keys(properties)) AS key
          FROM ${events} WHERE properties IS NOT NULL AND (${where}))))
    ) GROUP BY ALL)`;
}

/**
 * A user's purchases of a day per currency, as sent (issue 21): revenue converts at query time with
 * the project's rates, and is never summed across currencies here. A purchase of 0 is not a
 * transaction, so it is not kept at all.
 */
function purchasesSelect(events: string, where: string): string {
  return `SELECT ts::DATE AS day, hash(user_id) AS uid, platform, country, app_version, currency,
      sum(revenue_amount)::DOUBLE AS amount, count(*)::INTEGER AS transactions
    FROM ${events} WHERE revenue_amount > 0 AND (${where}) GROUP BY ALL`;
}

/**
 * Sessions (ADR 010): one per (user, session_id); a user's events without a session id split where
 * two consecutive ones are 30 minutes or more apart. Both windows order by time, then insert_id
 * (unique in a project): with time alone, two events of the same millisecond could come in one
 * order to `lag` and in the other to the running sum, which then split them into two sessions
 * (seen as an extra session in one run of five). Day, platform, country and app version are
 * those of the first event. `where` limits the events read, `keep` the session days kept.
 */
function sessionsSelect(events: string, where: string, keep: string): string {
  return `WITH identified AS (
      SELECT hash(user_id) AS uid, session_id, min(ts) AS start_ts, max(ts) AS end_ts, count(*)::INTEGER AS events,
        arg_min(platform, ts) AS platform, arg_min(country, ts) AS country, arg_min(app_version, ts) AS app_version
      FROM ${events} WHERE session_id IS NOT NULL AND (${where}) GROUP BY uid, session_id
    ), loose AS (
      SELECT hash(user_id) AS uid, ts, insert_id, platform, country, app_version,
        CASE WHEN ts - lag(ts) OVER (PARTITION BY user_id ORDER BY ts, insert_id) < INTERVAL 30 MINUTE THEN 0 ELSE 1 END AS starts
      FROM ${events} WHERE session_id IS NULL AND (${where})
    ), numbered AS (
      SELECT *, sum(starts) OVER (PARTITION BY uid ORDER BY ts, insert_id ROWS UNBOUNDED PRECEDING) AS n FROM loose
    ), gapped AS (
      SELECT uid, NULL::VARCHAR AS session_id, min(ts) AS start_ts, max(ts) AS end_ts, count(*)::INTEGER AS events,
        arg_min(platform, ts) AS platform, arg_min(country, ts) AS country, arg_min(app_version, ts) AS app_version
      FROM numbered GROUP BY uid, n
    ), all_sessions AS (SELECT * FROM identified UNION ALL SELECT * FROM gapped)
    SELECT start_ts::DATE AS day, uid, session_id, start_ts, end_ts,
      (epoch_ms(end_ts) - epoch_ms(start_ts))::DOUBLE / 1000 AS length, events, platform, country, app_version
    FROM all_sessions WHERE ${keep}`;
}

/** Installs: each user's first event, from the user days. `where` limits the users. */
function usersSelect(userDays: string, where: string): string {
  return `SELECT uid, min(first_ts) AS first_ts, min(day) AS install_day, arg_min(platform, first_ts) AS platform,
      arg_min(country, first_ts) AS country, arg_min(app_version, first_ts) AS app_version
    FROM ${userDays} WHERE ${where} GROUP BY uid`;
}

/**
 * One row per user and active day, whatever the platform, country or version, with the user's next
 * active day and install day: unfiltered DAU, WAU, MAU and returning users read it without DISTINCT
 * or window functions. `where` limits the users.
 */
function activeDaysSelect(userDays: string, users: string, where: string): string {
  return `SELECT a.uid, a.day, lead(a.day) OVER (PARTITION BY a.uid ORDER BY a.day) AS next_day, u.install_day
    FROM (SELECT DISTINCT uid, day FROM ${userDays} WHERE ${where}) a JOIN ${users} u ON u.uid = a.uid`;
}

/**
 * Brings the project's rollups up to date with its events. Callers hold the project's refresh lock
 * (one refresh per project at a time); the events table exists.
 */
export async function refreshRollups(connection: DuckDBConnection, projectId: string): Promise<void> {
  // The project id is placed in the SQL text: rollupTables checked it.
  const t = rollupTables(projectId);
  // Two calls into DuckDB in all (issue 20): each waits for the event loop, which lags under load.
  // The marks this transaction sees: exactly these are taken in and deleted, and one committed
  // meanwhile stays for the next refresh (nothing is assumed from the numbers).
  try {
    const [state] = materialisedRows(
      await connection.run(
        `BEGIN TRANSACTION;
         SELECT (SELECT count(*) FROM duckdb_tables() WHERE table_name = '${t.activeDays}')::DOUBLE AS present,
           (SELECT count(*) FROM rollup_dirty WHERE project = '${projectId}' AND day IS NULL)::DOUBLE AS everything,
           (SELECT list_sort(list_distinct(list(day::VARCHAR))) FROM rollup_dirty WHERE project = '${projectId}' AND day IS NOT NULL) AS days`,
      ),
    );
    const present = Number(state?.present);
    const everything = Number(state?.everything);
    const dirty = ((state?.days as string[] | null | undefined) ?? []).map(String);
    if (present === 1 && everything === 0 && dirty.length === 0) {
      await connection.run('COMMIT');
      return;
    }
    // Each path's statements go to DuckDB in one call: a busy event loop then delays the refresh
    // once, not once a statement.
    // The marks taken in are deleted in the same transaction.
    const done = [`DELETE FROM rollup_dirty WHERE project = '${projectId}'`, 'COMMIT'];
    if (present !== 1 || everything > 0) {
      await connection.run(
        [
          `CREATE OR REPLACE TABLE ${t.userDays} AS ${userDaysSelect(t.events, 'true')} ORDER BY day`,
          `CREATE OR REPLACE TABLE ${t.sessions} AS ${sessionsSelect(t.events, 'true', 'true')} ORDER BY day`,
          `CREATE OR REPLACE TABLE ${t.users} AS ${usersSelect(t.userDays, 'true')}`,
          `CREATE OR REPLACE TABLE ${t.purchases} AS ${purchasesSelect(t.events, 'true')} ORDER BY day`,
          `CREATE OR REPLACE TABLE ${t.nameDays} AS ${nameDaysSelect(t.events, 'true')} ORDER BY day`,
          `CREATE OR REPLACE TABLE ${t.nameProperties} AS ${namePropertiesSelect(t.events, 'true')} ORDER BY day`,
          `CREATE OR REPLACE TABLE ${t.nameUserDays} AS ${nameUserDaysSelect(t.nameDays, 'true')} ORDER BY day`,
          ...buildGameRollupsSql(t),
          ...LEGACY_ROLLUPS.map((legacy) => `DROP TABLE IF EXISTS ${t.events}${legacy}`),
          `CREATE OR REPLACE TABLE ${t.activeDays} AS ${activeDaysSelect(t.userDays, t.users, 'true')} ORDER BY day`,
          ...done,
        ].join(';\n'),
      );
    } else {
      await connection.run([...refreshDaysSql(t, dirty), ...done].join(';\n'));
    }
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The statements that recompute the given days of the rollups (and the sessions, installs and active days of their users). */
function refreshDaysSql(t: RollupTables, days: string[]): string[] {
  const dayList = days.map((day) => `DATE '${day}'`).join(', ');
  const first = days[0];
  const last = days[days.length - 1];
  // Only the touched days' events: the time bounds let DuckDB skip other row groups.
  const inDays = `ts >= DATE '${first}' AND ts < DATE '${last}' + 1 AND ts::DATE IN (${dayList})`;
  const sql: string[] = [];
  sql.push(`CREATE OR REPLACE TEMP TABLE rollup_before AS SELECT * FROM ${t.userDays} WHERE day IN (${dayList})`);
  sql.push(`DELETE FROM ${t.userDays} WHERE day IN (${dayList})`);
  sql.push(`INSERT INTO ${t.userDays} ${userDaysSelect(t.events, inDays)}`);
  sql.push(`DELETE FROM ${t.purchases} WHERE day IN (${dayList})`);
  sql.push(`INSERT INTO ${t.purchases} ${purchasesSelect(t.events, inDays)}`);
  sql.push(`DELETE FROM ${t.nameDays} WHERE day IN (${dayList})`);
  sql.push(`INSERT INTO ${t.nameDays} ${nameDaysSelect(t.events, inDays)}`);
  sql.push(`DELETE FROM ${t.nameProperties} WHERE day IN (${dayList})`);
  sql.push(`INSERT INTO ${t.nameProperties} ${namePropertiesSelect(t.events, inDays)}`);
  // The users whose days changed: those with new events. Only their sessions, install and active
  // days can have changed, so a live game's commit recomputes a few users, not a whole day's.
  sql.push(
    `CREATE OR REPLACE TEMP TABLE rollup_changed AS SELECT DISTINCT uid FROM (
       (SELECT * FROM ${t.userDays} WHERE day IN (${dayList}) EXCEPT ALL SELECT * FROM rollup_before)
       UNION ALL (SELECT * FROM rollup_before EXCEPT ALL SELECT * FROM ${t.userDays} WHERE day IN (${dayList})))`,
  );
  const changed = `uid IN (SELECT uid FROM rollup_changed)`;
  // A new event can start, join or merge the sessions of its own day and the days either side.
  const near = `(SELECT DISTINCT unnest([d - 1, d, d + 1]) FROM (SELECT unnest([${dayList}]) AS d))`;
  const window = `ts >= DATE '${first}' - 2 AND ts < DATE '${last}' + 3 AND hash(user_id) IN (SELECT uid FROM rollup_changed)`;
  sql.push(`DELETE FROM ${t.sessions} WHERE day IN ${near} AND ${changed}`);
  sql.push(`INSERT INTO ${t.sessions} ${sessionsSelect(t.events, window, `start_ts::DATE IN ${near}`)}`);
  // Their install may have moved earlier, and their active days changed.
  sql.push(`DELETE FROM ${t.users} WHERE ${changed}`);
  sql.push(`INSERT INTO ${t.users} ${usersSelect(t.userDays, changed)}`);
  sql.push(`DELETE FROM ${t.activeDays} WHERE ${changed}`);
  sql.push(`INSERT INTO ${t.activeDays} ${activeDaysSelect(t.userDays, t.users, changed)}`);
  sql.push(`DELETE FROM ${t.nameUserDays} WHERE ${changed}`);
  sql.push(`INSERT INTO ${t.nameUserDays} ${nameUserDaysSelect(t.nameDays, changed)}`);
  sql.push(...refreshGameRollupsSql(t, dayList, inDays, first ?? '', changed));
  sql.push('DROP TABLE rollup_before');
  sql.push('DROP TABLE rollup_changed');
  return sql;
}

/** Drops the project's rollups and bookkeeping (the project is being deleted). */
export function dropRollupsSql(projectId: string): string[] {
  const t = rollupTables(projectId);
  return [
    `DROP TABLE IF EXISTS ${t.userDays}`,
    `DROP TABLE IF EXISTS ${t.sessions}`,
    `DROP TABLE IF EXISTS ${t.users}`,
    `DROP TABLE IF EXISTS ${t.activeDays}`,
    `DROP TABLE IF EXISTS ${t.purchases}`,
    `DROP TABLE IF EXISTS ${t.nameDays}`,
    `DROP TABLE IF EXISTS ${t.nameProperties}`,
    `DROP TABLE IF EXISTS ${t.nameUserDays}`,
    `DROP TABLE IF EXISTS ${t.levelDays}`,
    `DROP TABLE IF EXISTS ${t.resourceDays}`,
    `DROP TABLE IF EXISTS ${t.balances}`,
    `DROP TABLE IF EXISTS ${t.resourcePlayers}`,
    `DROP TABLE IF EXISTS ${t.resourceCounts}`,
    `DROP TABLE IF EXISTS ${t.levelPlayers}`,
    `DROP TABLE IF EXISTS ${t.balancePlayers}`,
    ...LEGACY_ROLLUPS.map((legacy) => `DROP TABLE IF EXISTS ${t.events}${legacy}`),
    `DELETE FROM rollup_dirty WHERE project = '${projectId}'`,
  ];
}
