import type { AnalyticsQuery, FilterDimension } from '@questboard/shared/analytics-view';
import type { Players } from '@questboard/shared/analytics-answers';
import { clickHouseDailyActive, clickHouseInstalls, clickHouseTrailing } from '../clickhouse-activity';
import { bucketSql, date, filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { text } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assemblePlayers, BREAKDOWN_ROWS, type ActivePlayers } from './players-assembly';

/** The players page's questions in ClickHouse SQL on the rollups (ADR 033, 037); totals and series from players-assembly.ts. */
export function clickHousePlayers(q: ClickHouseQuery, view: AnalyticsQuery): Promise<StoreAnswer<Players>> {
  return assemblePlayers(
    {
      dailyActive: (range) => clickHouseDailyActive(q, range),
      installs: (range) => clickHouseInstalls(q, range),
      trailing: (range, window, targets) => clickHouseTrailing(q, range, window, targets),
      active: (range) => activePlayers(q, range),
      breakdown: (range, dimension) => breakdown(q, range, dimension),
    },
    view,
  );
}

/**
 * Each player's matching active days of the range with their bucket, joined to their install day;
 * the whole range's row is the one with the empty bucket (18.16 has no GROUPING SETS).
 */
async function activePlayers(q: ClickHouseQuery, view: AnalyticsQuery): Promise<{ buckets: Map<string, ActivePlayers>; total: ActivePlayers }> {
  const days = `(SELECT user_id, b FROM ${q.userDays(view)} WHERE ${filterSql(view)}
      GROUP BY user_id, ${bucketSql('day', view.granularity, view.from)} AS b)
    ANY INNER JOIN (SELECT user_id, install_day FROM ${q.users}) USING user_id`;
  const rows = await q.rows(
    `SELECT b, uniqExact(user_id) AS active, uniqExactIf(user_id, install_day < toDate(b)) AS returning FROM ${days} GROUP BY b
     UNION ALL
     SELECT '' AS b, uniqExact(user_id) AS active, uniqExactIf(user_id, install_day < ${date(view.from)}) AS returning FROM ${days}`,
  );
  const figures = (row: Record<string, unknown> | undefined) => ({ active: num(row?.active), returning: num(row?.returning) });
  return {
    buckets: new Map(rows.filter((row) => row.b !== '').map((row) => [String(row.b), figures(row)])),
    total: figures(rows.find((row) => row.b === '')),
  };
}

/** The active players and their events by the attribute (the 20 largest), with the installs of each value. */
async function breakdown(q: ClickHouseQuery, view: AnalyticsQuery, dimension: FilterDimension): Promise<Players['breakdowns'][FilterDimension]> {
  const [active, installed] = await Promise.all([
    q.rows(
      `SELECT ${dimension} AS value, uniqExact(user_id) AS users, sum(events) AS sent FROM ${q.userDays(view)}
       WHERE ${filterSql(view)} GROUP BY value
       ORDER BY users DESC, isNull(value), value LIMIT ${BREAKDOWN_ROWS}`,
    ),
    q.rows(
      `SELECT ${dimension} AS value, count() AS new_users FROM ${q.users}
       WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(view)} GROUP BY value`,
    ),
  ]);
  const newUsers = new Map(installed.map((row) => [text(row.value), num(row.new_users)]));
  return active.map((row) => ({ value: text(row.value), users: num(row.users), newUsers: newUsers.get(text(row.value)) ?? 0, events: num(row.sent) }));
}
