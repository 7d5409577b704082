import type { AnalyticsQuery, FilterDimension } from '@questboard/shared/analytics-view';
import type { Players } from '@questboard/shared/analytics-answers';
import { dailyActive, installs, trailing } from '../duckdb-activity';
import { bucketSql, byBucket, date, filterSql, num, Params, rangeSql, text, unfiltered, type DuckDbQuery } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assemblePlayers, BREAKDOWN_ROWS, type ActivePlayers } from './players-assembly';

export function duckDbPlayers(q: DuckDbQuery, view: AnalyticsQuery): Promise<StoreAnswer<Players>> {
  return assemblePlayers(
    {
      dailyActive: (range) => dailyActive(q, range),
      installs: (range) => installs(q, range),
      trailing: (range, window, targets) => trailing(q, range, window, targets),
      active: (range) => activePlayers(q, range),
      breakdown: (range, dimension) => breakdown(q, range, dimension),
    },
    view,
  );
}

async function activePlayers(q: DuckDbQuery, view: AnalyticsQuery): Promise<{ buckets: Map<string, ActivePlayers>; total: ActivePlayers }> {
  const params = new Params();
  const bucket = bucketSql('day', view.granularity, view.from);
  // Active days with the user's install day: the rollup itself, or the matching user days.
  const activeDays = unfiltered(view)
    ? q.t.activeDays
    : `(SELECT DISTINCT ud.uid, ud.day, u.install_day FROM ${q.t.userDays} ud JOIN ${q.t.users} u ON u.uid = ud.uid
        WHERE ${rangeSql(view, 'ud.day')} AND ${filterSql(params, view, 'ud.')})`;
  const active = await q.rows(
    `SELECT ${bucket} AS b, count(DISTINCT uid)::DOUBLE AS active,
       (count(DISTINCT uid) FILTER (WHERE install_day < ${bucket}::DATE))::DOUBLE AS returning,
       (count(DISTINCT uid) FILTER (WHERE install_day < ${date(view.from)}))::DOUBLE AS returning_in_range
     FROM ${activeDays} WHERE ${rangeSql(view)}
     GROUP BY GROUPING SETS ((b), ())`,
    params,
  );
  const activeBuckets = byBucket(active.filter((row) => row.b !== null));
  const activeTotal = active.find((row) => row.b === null);
  return {
    buckets: new Map([...activeBuckets].map(([label, row]) => [label, { active: num(row.active), returning: num(row.returning) }])),
    total: { active: num(activeTotal?.active), returning: num(activeTotal?.returning_in_range) },
  };
}

async function breakdown(q: DuckDbQuery, view: AnalyticsQuery, dimension: FilterDimension): Promise<Players['breakdowns'][FilterDimension]> {
  const params = new Params();
  const activeFilter = filterSql(params, view);
  const installFilter = filterSql(params, view);
  const rows = await q.rows(
    `WITH active AS (
       SELECT ${dimension} AS value, count(DISTINCT uid)::DOUBLE AS users, sum(events)::DOUBLE AS events
       FROM ${q.t.userDays} WHERE ${rangeSql(view)} AND ${activeFilter} GROUP BY ${dimension}
     ), installed AS (
       SELECT ${dimension} AS value, count(*)::DOUBLE AS new_users
       FROM ${q.t.users} WHERE ${rangeSql(view, 'install_day')} AND ${installFilter} GROUP BY ${dimension}
     )
     SELECT a.value, a.users, a.events, coalesce(i.new_users, 0)::DOUBLE AS new_users
     FROM active a LEFT JOIN installed i ON i.value IS NOT DISTINCT FROM a.value
     ORDER BY a.users DESC, a.value NULLS LAST LIMIT ${BREAKDOWN_ROWS}`,
    params,
  );
  return rows.map((row) => ({ value: text(row.value), users: num(row.users), newUsers: num(row.new_users), events: num(row.events) }));
}
