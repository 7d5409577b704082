import type { AnalyticsFilters, Granularity } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import { literal, literalList, type ClickHouseHttp, type Row } from '../events/clickhouse/clickhouse-http';
import { DIMENSIONS } from './duckdb-sql';
import { dedupedEventsSql } from '../events/clickhouse/clickhouse-schema';
import { ROLLUP_TABLES, type RollupTable } from '../events/clickhouse/clickhouse-rollup-schema';

// What every page's ClickHouse queries share (ADR 033), in SQL ClickHouse 18.16 runs: no window
// functions, no WITH … AS (subquery), no query parameters; values through `literal`.

/**
 * The queries of one request: the project's deduplicated events as a relation (`events`), and the
 * rollups several pages read (ADR 037: player days, purchases, event names per player and day,
 * sessions, and each player's install from the player days). A query naming a rollup waits until
 * the rollups hold every event stored before the request's first such query.
 */
export class ClickHouseQuery {
  /** The project's events, one row per insert_id (clickhouse-schema.ts `dedupedEventsSql`). */
  readonly events: string;
  private usesRollups = false;
  private refreshed: Promise<void> | null = null;

  constructor(
    private readonly http: ClickHouseHttp,
    private readonly table: string,
    private readonly projectLiteral: string,
    /** Brings the project's rollups up to date (ClickHouseRollups `fresh`). */
    private readonly freshRollups: () => Promise<void>,
  ) {
    this.events = dedupedEventsSql(table, projectLiteral);
  }

  /**
   * The project's events of the view's days only: the day is part of the sorting key, so FINAL
   * reads only those months' parts and granules (18.16 does not push an outer WHERE into it).
   */
  eventsOn(view: { from: string; to: string }): string {
    return dedupedEventsSql(this.table, this.projectLiteral, rangeSql(view));
  }

  async rows(sql: string): Promise<Row[]> {
    if (this.usesRollups) await (this.refreshed ??= this.freshRollups());
    return this.http.rows(sql);
  }

  /**
   * The current generation's rows of a rollup (ADR 037), of the view's days when given. GLOBAL IN:
   * on a cluster the state is read once, not by every shard through the Distributed table.
   */
  private rollup(table: RollupTable, kind: 'days' | 'sessions', view?: { from: string; to: string }): string {
    this.usesRollups = true;
    return `(SELECT * FROM ${table} WHERE project_id = ${this.projectLiteral}${view ? ` AND ${rangeSql(view)}` : ''}
      AND (day, generation) GLOBAL IN (SELECT day, generation FROM ${ROLLUP_TABLES.state} FINAL WHERE project_id = ${this.projectLiteral} AND kind = '${kind}'))`;
  }

  /**
   * A player's events of a day per platform, country and version (ADR 037): `events`, the first
   * one in event order (`first_ms`, `first_received_ms`, `first_insert_id`) and `last_ms`.
   */
  userDays(view?: { from: string; to: string }): string {
    return this.rollup(ROLLUP_TABLES.userDays, 'days', view);
  }

  /** A player's purchases of a day per platform, country, version, currency and product: `amount` as sent and `transactions`. */
  purchases(view?: { from: string; to: string }): string {
    return this.rollup(ROLLUP_TABLES.purchases, 'days', view);
  }

  /** A player's events of a day by `name` per platform, country and version: `events`, `last_ms` and the `property_keys` sent. */
  nameDays(view?: { from: string; to: string }): string {
    return this.rollup(ROLLUP_TABLES.nameDays, 'days', view);
  }

  /**
   * One row per player: the install (their first event in event order: time, receipt, insert_id;
   * docs/product/metrics.md) with its day and attributes, and every day they were active.
   * Attributes travel in a tuple, so a first event without a country keeps NULL (an aggregate of a
   * Nullable column would skip it).
   */
  get users(): string {
    return `(SELECT user_id, tupleElement(first, 1) AS install_day, tupleElement(first, 2) AS platform,
        tupleElement(first, 3) AS country, tupleElement(first, 4) AS app_version, days FROM (
      SELECT user_id, argMin((day, platform, country, app_version), (first_ms, first_received_ms, first_insert_id)) AS first, groupUniqArray(day) AS days
      FROM ${this.userDays()} GROUP BY user_id))`;
  }

  /**
   * Sessions (docs/product/metrics.md#sessions, `sessionsSql`) from the rollup (ADR 037): `day` and
   * attributes are those of the session's first event, `session_id` is NULL for the split ones.
   */
  get sessions(): string {
    return this.rollup(ROLLUP_TABLES.sessions, 'sessions');
  }

  /**
   * One player's events. The player follows the day in the sorting key, so this reads the
   * project's granules and keeps the player's rows (ADR 033 "Amendment: the explorer's pages").
   */
  playerEvents(userId: string): string {
    return dedupedEventsSql(this.table, this.projectLiteral, `user_id = ${literal(userId)}`);
  }

  /** One player's sessions, as `sessions`. */
  playerSessions(userId: string): string {
    return sessionsSql(this.playerEvents(userId));
  }
}

/**
 * Sessions (docs/product/metrics.md#sessions) of the given deduplicated events: one per player and
 * session_id; a player's events without one split where two consecutive ones are 30 minutes or more
 * apart (numbered with a running sum over the player's events as an array: 18.16 has no window
 * functions). Day and attributes are those of the session's first event; `session_id` is NULL for
 * the split ones, `events` counts the session's events.
 */
export function sessionsSql(events: string): string {
  const first = (relation: string) => `tupleElement(${relation}, 1) AS day, tupleElement(${relation}, 2) AS platform,
        tupleElement(${relation}, 3) AS country, tupleElement(${relation}, 4) AS app_version`;
  const identified = `SELECT user_id, session_id, start_ms, end_ms, events, ${first('first')} FROM (
        SELECT user_id, session_id, min(ts_ms) AS start_ms, max(ts_ms) AS end_ms, count() AS events,
          argMin((day, platform, country, app_version), (ts_ms, received_ms, insert_id)) AS first
        FROM ${events} WHERE session_id IS NOT NULL GROUP BY user_id, session_id)`;
  const gapped = `SELECT user_id, CAST(NULL AS Nullable(String)) AS session_id, start_ms, end_ms, events, ${first('first')} FROM (
        SELECT user_id, min(tupleElement(event, 1)) AS start_ms, max(tupleElement(event, 1)) AS end_ms, count() AS events,
          argMin((tupleElement(event, 4), tupleElement(event, 5), tupleElement(event, 6), tupleElement(event, 7)),
            (tupleElement(event, 1), tupleElement(event, 2), tupleElement(event, 3))) AS first
        FROM (
          SELECT user_id, ordered, arrayCumSum(arrayMap((event, i) ->
              if(i = 1 OR tupleElement(event, 1) - tupleElement(ordered[i - 1], 1) >= 1800000, 1, 0), ordered, arrayEnumerate(ordered))) AS numbers
          FROM (SELECT user_id, arraySort(groupArray((ts_ms, received_ms, insert_id, day, platform, country, app_version))) AS ordered
            FROM ${events} WHERE session_id IS NULL GROUP BY user_id)
        ) ARRAY JOIN ordered AS event, numbers AS session
        GROUP BY user_id, session)`;
  return `(${identified} UNION ALL ${gapped})`;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A checked YYYY-MM-DD as a Date. */
export function date(day: string): string {
  if (!dayPattern.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
  return `toDate('${day}')`;
}

/** The view's days on a Date column. */
export function rangeSql(view: { from: string; to: string }, column = 'day'): string {
  return `${column} BETWEEN ${date(view.from)} AND ${date(view.to)}`;
}

/** The view's filters on the platform, country and version columns; a NULL attribute matches no filter. */
export function filterSql(filters: AnalyticsFilters): string {
  const parts = DIMENSIONS.flatMap((dimension) => (filters[dimension].length > 0 ? [`${dimension} IN ${literalList(filters[dimension])}`] : []));
  return parts.length > 0 ? parts.join(' AND ') : '1';
}

/** The label of the bucket holding the day (ADR 010: its first day inside the range). */
export function bucketSql(dayExpression: string, granularity: Granularity, from: string): string {
  if (granularity === 'day') return `toString(${dayExpression})`;
  const start = granularity === 'week' ? `toMonday(${dayExpression})` : `toStartOfMonth(${dayExpression})`;
  return `toString(greatest(${start}, ${date(from)}))`;
}

/** The currencies a purchase converts from (the reporting one at 1, ADR 011) and their rates. */
function rates(money: ProjectMoney): [string[], number[]] {
  const rows: [string, number][] = [[money.currency, 1], ...Object.entries(money.rates).filter(([code]) => code !== money.currency)];
  return [rows.map(([code]) => code), rows.map(([, rate]) => rate)];
}

/** A purchase whose currency has a rate (ADR 011); `amount` is the events' `revenue_amount` or the purchases rollup's `amount`. */
export function convertibleSql(money: ProjectMoney, amount = 'revenue_amount'): string {
  return `${amount} > 0 AND ifNull(currency, '') IN ${literalList(rates(money)[0])}`;
}

/** The purchase's worth in the reporting currency (with `convertibleSql`). */
export function worthSql(money: ProjectMoney, amount = 'revenue_amount'): string {
  const [codes, values] = rates(money);
  return `assumeNotNull(${amount}) * transform(ifNull(currency, ''), [${codes.map((code) => literal(code)).join(', ')}], [${values
    .map((value) => `toFloat64(${literal(value)})`)
    .join(', ')}], toFloat64(0))`;
}

/** A purchase without a rate: left out of revenue and reported (ADR 011). */
export function withoutRateSql(money: ProjectMoney, amount = 'revenue_amount'): string {
  return `${amount} > 0 AND currency IS NOT NULL AND assumeNotNull(currency) NOT IN ${literalList(rates(money)[0])}`;
}

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
