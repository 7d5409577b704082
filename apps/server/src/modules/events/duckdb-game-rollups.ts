import { LEVEL_EVENTS } from '@questboard/shared/analytics-levels';
import { RESOURCE_EVENT } from '@questboard/shared/analytics-economy';
import { numberPropertySql, stringPropertySql, textPropertySql } from '../analytics/game-events-sql';

// The rollups of the game-design pages (ADR 031): the level table and the economy page read these
// instead of the JSON of every progression or resource event. They are kept exact the way the
// other rollups are (duckdb-rollups.ts, ADR 010): rebuilt from the events, or recomputed for the
// days a commit or a delete touched; the balances, whose level depends on the player's earlier
// progression, for the changed players from the first touched day on. Each figure is the same
// expression as the pages used on the events (game-events-sql.ts), so the answers do not change.

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const LEVEL_NAMES = `(${Object.values(LEVEL_EVENTS).map(literal).join(', ')})`;
const COMPLETE = literal(LEVEL_EVENTS.complete);

/** A progression event's place in event order (ADR 010: time, received time, insert_id), as one comparable value. */
const EVENT_ORDER = `{'ts': ts, 'received_at': received_at, 'insert_id': insert_id}`;

/**
 * A player's progression events of a day by level (and platform, country, version): the counts by
 * name, the durations of the completes that carry a number (for the median), and the latest
 * event's order, so the latest level seen over any range is the level of the row with the
 * greatest `latest`. `day_last` marks the row with the greatest `latest` of the player's day (at
 * that platform, country and version, among the rows with a level): only those can hold the latest
 * level seen of a range of whole days, so a read compares a third of the rows. Events without a
 * level have a row with level NULL.
 */
export function levelDaysSelect(events: string, where: string): string {
  return `SELECT *, level IS NOT NULL AND latest = max(latest) FILTER (WHERE level IS NOT NULL)
        OVER (PARTITION BY day, uid, platform, country, app_version) AS day_last
    FROM (SELECT day, uid, platform, country, app_version, level,
      count(*) FILTER (WHERE name = ${literal(LEVEL_EVENTS.start)})::INTEGER AS starts,
      count(*) FILTER (WHERE name = ${COMPLETE})::INTEGER AS completes,
      count(*) FILTER (WHERE name = ${literal(LEVEL_EVENTS.fail)})::INTEGER AS fails,
      list(duration) FILTER (WHERE duration IS NOT NULL) AS durations,
      max(${EVENT_ORDER}) AS latest
    FROM (
      SELECT ts::DATE AS day, hash(user_id) AS uid, platform, country, app_version, name, ts, received_at, insert_id,
        ${textPropertySql('level')} AS level, CASE WHEN name = ${COMPLETE} THEN ${numberPropertySql('duration_s')} END AS duration
      FROM ${events} WHERE name IN ${LEVEL_NAMES} AND (${where})
    ) GROUP BY day, uid, platform, country, app_version, level)`;
}

/**
 * Each player's days at each level (from the level days, whatever the platform, country or
 * version), with the previous day they had that level ('-infinity' on the first): a level's
 * players over a range starting on S are its rows whose `since` is before S, so the unfiltered
 * level table counts them without DISTINCT (as the resource players do). `where` limits the players.
 */
export function levelPlayersSelect(levelDays: string, where: string): string {
  return `SELECT day, uid, level, lag(day, 1, '-infinity'::DATE) OVER (PARTITION BY uid, level ORDER BY day) AS since
    FROM (SELECT DISTINCT day, uid, level FROM ${levelDays} WHERE level IS NOT NULL AND (${where}))`;
}

/** The resource events' columns as the economy reads them; `counted` as docs/product/metrics.md#economy defines it. */
function resourceColumnsSql(events: string, where: string, extra = ''): string {
  return `SELECT *, coalesce(flow IN ('source', 'sink') AND currency IS NOT NULL AND amount > 0, false) AS counted FROM (
      SELECT ts::DATE AS day, hash(user_id) AS uid, platform, country, app_version, ts, received_at, insert_id,
        ${stringPropertySql('flow')} AS flow, ${stringPropertySql('virtual_currency')} AS currency, ${numberPropertySql('amount')} AS amount,
        ${textPropertySql('item_type')} AS item_type, ${textPropertySql('item_id')} AS item_id${extra}
      FROM ${events} WHERE name = ${literal(RESOURCE_EVENT)} AND (${where}))`;
}

/**
 * A player's resource events of a day: the counted ones by currency, flow and item, summed; the
 * others (not counted) in one row with only their number.
 */
export function resourceDaysSelect(events: string, where: string): string {
  return `SELECT day, uid, platform, country, app_version, counted,
      CASE WHEN counted THEN currency END AS currency, CASE WHEN counted THEN flow END AS flow,
      CASE WHEN counted THEN item_type END AS item_type, CASE WHEN counted THEN item_id END AS item_id,
      sum(CASE WHEN counted THEN amount END)::DOUBLE AS amount, count(*)::INTEGER AS events
    FROM (${resourceColumnsSql(events, where)}) GROUP BY ALL`;
}

/**
 * Each counted resource event that carries a numeric balance, with the player's level at it: the
 * event's own level property, else the level of the player's latest progression event at or
 * before it (one at the same time counts as before); NULL ("before any level") when there is none
 * among the events read. `where` limits the events read.
 */
export function balancesSelect(events: string, where: string): string {
  const resources = resourceColumnsSql(events, where, `, ${numberPropertySql('balance')} AS balance, ${textPropertySql('level')} AS own_level`);
  return `SELECT day, uid, platform, country, app_version, currency, coalesce(own_level, seen_level) AS level, balance FROM (
      SELECT *, last_value(progress_level IGNORE NULLS) OVER (PARTITION BY uid ORDER BY ts, kind, received_at, insert_id ROWS UNBOUNDED PRECEDING) AS seen_level
      FROM (
        SELECT hash(user_id) AS uid, ts, 0 AS kind, received_at, insert_id, ${textPropertySql('level')} AS progress_level,
          NULL::DATE AS day, NULL::VARCHAR AS platform, NULL::VARCHAR AS country, NULL::VARCHAR AS app_version,
          NULL::VARCHAR AS currency, NULL::VARCHAR AS own_level, NULL::DOUBLE AS balance
        FROM ${events} WHERE name IN ${LEVEL_NAMES} AND (${where})
        UNION ALL
        SELECT uid, ts, 1, received_at, insert_id, NULL, day, platform, country, app_version, currency, own_level, balance
        FROM (${resources}) WHERE counted AND balance IS NOT NULL
      )
    ) WHERE kind = 1`;
}

/**
 * Each player's counted resource events of a day by currency, flow and item, whatever the platform,
 * country or version, with the day before which a player is new to each figure's group: a
 * player's distinct days of a flow (of an item type, of an item) in a range starting on S are the
 * rows whose `flow_since` (`type_since`, `item_since`) is before S. It is the previous day the player
 * had that flow (item type, item) on the first row of the group's day ('-infinity' on their first
 * such day) and NULL on the group's other rows of the day, so the unfiltered economy page counts
 * players without DISTINCT (as the event list does with the names per user and day, ADR 022).
 * `where` limits the players.
 */
export function resourcePlayersSelect(resourceDays: string, where: string): string {
  const since = (group: string) => `CASE WHEN row_number() OVER (PARTITION BY uid, currency, flow${group}, day ORDER BY item_type, item_id) = 1
      THEN coalesce(max(day) OVER (PARTITION BY uid, currency, flow${group} ORDER BY day RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), '-infinity'::DATE) END`;
  return `SELECT day, uid, currency, flow, item_type, item_id, amount, events,
      ${since('')} AS flow_since, ${since(', item_type')} AS type_since,
      lag(day, 1, '-infinity'::DATE) OVER (PARTITION BY uid, currency, flow, item_type, item_id ORDER BY day) AS item_since
    FROM (SELECT day, uid, currency, flow, item_type, item_id, sum(amount)::DOUBLE AS amount, sum(events)::INTEGER AS events
      FROM ${resourceDays} WHERE counted AND (${where}) GROUP BY day, uid, currency, flow, item_type, item_id)`;
}

/**
 * The resource players summed per day, currency, flow, item type, item and the three previous days
 * (r7): `players` is how many of the resource players' rows have those previous days, so a figure's
 * players over a range starting on S are the `players` of its rows whose previous day is before S,
 * as they were on the resource players, over about a fifteenth of the rows. `where` limits the groups.
 */
export function resourceCountsSelect(resourcePlayers: string, where: string): string {
  return `SELECT day, currency, flow, item_type, item_id, flow_since, type_since, item_since,
      sum(amount)::DOUBLE AS amount, sum(events)::BIGINT AS events, count(*)::BIGINT AS players
    FROM ${resourcePlayers} WHERE ${where} GROUP BY ALL`;
}

/**
 * Each player's days with a balance per currency and level at the event (from the balances), with
 * the previous such day ('-infinity' on the first): the players of a level's balances over a range
 * starting on S are its rows whose `since` is before S (level NULL, before any level, is a group
 * too). `where` limits the players.
 */
export function balancePlayersSelect(balances: string, where: string): string {
  return `SELECT day, uid, currency, level, lag(day, 1, '-infinity'::DATE) OVER (PARTITION BY uid, currency, level ORDER BY day) AS since
    FROM (SELECT DISTINCT day, uid, currency, level FROM ${balances} WHERE ${where})`;
}

export interface GameRollupTables {
  events: string;
  levelDays: string;
  resourceDays: string;
  balances: string;
  resourcePlayers: string;
  resourceCounts: string;
  levelPlayers: string;
  balancePlayers: string;
}

/** The same resource group (day, currency, flow, item type, item; the items may be NULL) in two tables. */
const sameGroup = (a: string, b: string) =>
  `${a}.day = ${b}.day AND ${a}.currency = ${b}.currency AND ${a}.flow = ${b}.flow AND ${a}.item_type IS NOT DISTINCT FROM ${b}.item_type AND ${a}.item_id IS NOT DISTINCT FROM ${b}.item_id`;

/** Everything, from the events (a new table or a rebuild). */
export function buildGameRollupsSql(t: GameRollupTables): string[] {
  return [
    `CREATE OR REPLACE TABLE ${t.levelDays} AS ${levelDaysSelect(t.events, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.resourceDays} AS ${resourceDaysSelect(t.events, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.balances} AS ${balancesSelect(t.events, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.resourcePlayers} AS ${resourcePlayersSelect(t.resourceDays, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.resourceCounts} AS ${resourceCountsSelect(t.resourcePlayers, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.levelPlayers} AS ${levelPlayersSelect(t.levelDays, 'true')} ORDER BY day`,
    `CREATE OR REPLACE TABLE ${t.balancePlayers} AS ${balancePlayersSelect(t.balances, 'true')} ORDER BY day`,
  ];
}

/**
 * The given days; the level, resource and balance players of the changed players (`changed`: a
 * condition on uid), all their days (a day changed moves the previous days of their later ones); and their balances from the first of the days on: a progression event sent late moves the level of that player's later resource
 * events. Their level entering that day is their latest level seen before it, from the level days
 * (recomputed first, though no day before `first` changed).
 */
export function refreshGameRollupsSql(t: GameRollupTables, dayList: string, inDays: string, first: string, changed: string): string[] {
  const fromFirst = `ts >= DATE '${first}' AND hash(user_id) IN (SELECT uid FROM rollup_changed)`;
  const entering = `SELECT uid, arg_max(level, latest) AS level FROM ${t.levelDays}
    WHERE day < DATE '${first}' AND level IS NOT NULL AND ${changed} GROUP BY uid`;
  return [
    `DELETE FROM ${t.levelDays} WHERE day IN (${dayList})`,
    `INSERT INTO ${t.levelDays} ${levelDaysSelect(t.events, inDays)}`,
    `DELETE FROM ${t.levelPlayers} WHERE ${changed}`,
    `INSERT INTO ${t.levelPlayers} ${levelPlayersSelect(t.levelDays, changed)}`,
    `DELETE FROM ${t.resourceDays} WHERE day IN (${dayList})`,
    `INSERT INTO ${t.resourceDays} ${resourceDaysSelect(t.events, inDays)}`,
    `CREATE OR REPLACE TEMP TABLE resource_players_before AS SELECT * FROM ${t.resourcePlayers} WHERE ${changed}`,
    `DELETE FROM ${t.resourcePlayers} WHERE ${changed}`,
    `INSERT INTO ${t.resourcePlayers} ${resourcePlayersSelect(t.resourceDays, changed)}`,
    // The groups whose rows of the resource players changed (a day added or deleted moves the
    // previous day of a later row too): their counts are summed again from all their rows.
    `CREATE OR REPLACE TEMP TABLE resource_groups_changed AS SELECT DISTINCT day, currency, flow, item_type, item_id FROM (
       (SELECT * FROM ${t.resourcePlayers} WHERE ${changed} EXCEPT ALL SELECT * FROM resource_players_before)
       UNION ALL (SELECT * FROM resource_players_before EXCEPT ALL SELECT * FROM ${t.resourcePlayers} WHERE ${changed}))`,
    `DELETE FROM ${t.resourceCounts} c USING resource_groups_changed g WHERE ${sameGroup('c', 'g')}`,
    `INSERT INTO ${t.resourceCounts} ${resourceCountsSelect(t.resourcePlayers, `EXISTS (SELECT 1 FROM resource_groups_changed g WHERE ${sameGroup(t.resourcePlayers, 'g')})`)}`,
    'DROP TABLE resource_players_before',
    'DROP TABLE resource_groups_changed',
    `DELETE FROM ${t.balances} WHERE day >= DATE '${first}' AND ${changed}`,
    `INSERT INTO ${t.balances} SELECT b.day, b.uid, b.platform, b.country, b.app_version, b.currency, coalesce(b.level, n.level), b.balance
       FROM (${balancesSelect(t.events, fromFirst)}) b LEFT JOIN (${entering}) n ON n.uid = b.uid`,
    `DELETE FROM ${t.balancePlayers} WHERE ${changed}`,
    `INSERT INTO ${t.balancePlayers} ${balancePlayersSelect(t.balances, changed)}`,
  ];
}
