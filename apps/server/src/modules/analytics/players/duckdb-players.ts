import type { AnalyticsQuery, FilterDimension } from '@questboard/shared/analytics-view';
import type { Players } from '@questboard/shared/analytics-answers';
import { bucketLabels } from '../buckets';
import { dailyActive, installs, trailing } from '../duckdb-activity';
import { bucketSql, byBucket, date, DIMENSIONS, filterSql, num, Params, rangeSql, ratio, text, unfiltered, type DuckDbQuery } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';

const BREAKDOWN_ROWS = 20;

export async function duckDbPlayers(q: DuckDbQuery, view: AnalyticsQuery): Promise<StoreAnswer<Players>> {
  const buckets = bucketLabels(view);
  const allDays = buckets.flatMap((bucket) => bucket.days);
  const dau = await dailyActive(q, view);
  const installed = await installs(q, view);
  const mau = await trailing(q, view, 30, allDays);
  const wau = await trailing(q, view, 7, buckets.map((bucket) => bucket.last));
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
  const sumOver = (days: readonly string[], values: Map<string, number>) => days.reduce((sum, day) => sum + (values.get(day) ?? 0), 0);
  const stickinessOver = (days: readonly string[]) => {
    const ratios = days.flatMap((day) => {
      const monthly = mau.get(day) ?? 0;
      return monthly > 0 ? [(dau.get(day) ?? 0) / monthly] : [];
    });
    return ratios.length === 0 ? null : ratios.reduce((sum, value) => sum + value, 0) / ratios.length;
  };
  const averageDau = sumOver(allDays, dau) / allDays.length;
  const breakdowns = {} as Players['breakdowns'];
  for (const dimension of DIMENSIONS) breakdowns[dimension] = await breakdown(q, view, dimension);
  return {
    totals: {
      activeUsers: num(activeTotal?.active),
      newUsers: sumOver(allDays, installed),
      returningUsers: num(activeTotal?.returning_in_range),
      averageDau,
      stickiness: ratio(averageDau, mau.get(view.to) ?? 0),
    },
    series: buckets.map((b) => ({
      date: b.label,
      dau: sumOver(b.days, dau) / b.days.length,
      wau: wau.get(b.last) ?? 0,
      mau: mau.get(b.last) ?? 0,
      stickiness: stickinessOver(b.days),
      activeUsers: num(activeBuckets.get(b.label)?.active),
      newUsers: sumOver(b.days, installed),
      returningUsers: num(activeBuckets.get(b.label)?.returning),
    })),
    breakdowns,
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
