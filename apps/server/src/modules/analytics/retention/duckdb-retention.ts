import type { AnalyticsQuery, RetentionQuery } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { convertedSql } from '../duckdb-purchases';
import { bucketSql, date, filterSql, num, Params, rangeSql, type DuckDbQuery } from '../duckdb-sql';
import { assembleRetention, type CohortCells } from './retention-assembly';

export function duckDbRetention(q: DuckDbQuery, query: RetentionQuery, today: string): Promise<Retention> {
  return assembleRetention((view, days) => cohortCells(q, view, today, query.mode, days), query, today);
}

/**
 * Cohort cells: per install bucket and day N (0 to 30, or `days`), the eligible users (install + N
 * not after today) and the figure: users active exactly on day N (classic), on day N or later
 * (rolling), or their revenue up to day N (ltv). Plus each bucket's cohort size.
 */
export async function cohortCells(
  q: DuckDbQuery,
  view: AnalyticsQuery,
  today: string,
  kind: 'classic' | 'rolling' | 'ltv',
  days: readonly number[],
  money?: ProjectMoney,
): Promise<CohortCells> {
  const params = new Params();
  if (kind === 'ltv' && !money) throw new Error('LTV needs the project money');
  const bucket = bucketSql('install_day', view.granularity, view.from);
  const ns = `(SELECT unnest([${days.join(', ')}]) AS n)`;
  const maxN = Math.max(...days);
  const cohort = `SELECT uid, install_day, ${bucket} AS b FROM ${q.t.users}
    WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(params, view)}`;
  const figure =
    kind === 'classic'
      ? `SELECT c.b, ud.day - c.install_day AS n, count(DISTINCT c.uid)::DOUBLE AS value
         FROM cohort c JOIN ${q.t.userDays} ud ON ud.uid = c.uid
         WHERE ud.day - c.install_day IN (${days.join(', ')}) AND ud.day <= ${date(today)} GROUP BY ALL`
      : kind === 'rolling'
        ? `SELECT b, n, count(*)::DOUBLE AS value FROM (
             SELECT c.b, c.install_day, max(ud.day) - c.install_day AS last_n
             FROM cohort c JOIN ${q.t.userDays} ud ON ud.uid = c.uid WHERE ud.day <= ${date(today)}
             GROUP BY c.uid, c.b, c.install_day
           ), ${ns} WHERE n <= last_n AND install_day + n <= ${date(today)} GROUP BY ALL`
        : `SELECT b, n, sum(revenue)::DOUBLE AS value FROM (
             SELECT c.b, c.install_day, ud.day - c.install_day AS k, sum(ud.revenue) AS revenue
             FROM cohort c JOIN ${money ? convertedSql(q, params, money) : ''} ud ON ud.uid = c.uid
             WHERE ud.day BETWEEN c.install_day AND c.install_day + ${maxN} GROUP BY ALL
           ), ${ns} WHERE n >= k AND install_day + n <= ${date(today)} GROUP BY ALL`;
  const rows = await q.rows(
    `WITH cohort AS (${cohort}),
     eligible AS (SELECT b, n, count(*)::DOUBLE AS eligible FROM cohort, ${ns} WHERE install_day + n <= ${date(today)} GROUP BY ALL),
     figure AS (${figure}),
     sizes AS (SELECT b, count(*)::DOUBLE AS size FROM cohort GROUP BY b)
     SELECT 'cell' AS kind, e.b, e.n::INTEGER AS n, e.eligible, coalesce(f.value, 0)::DOUBLE AS value
       FROM eligible e LEFT JOIN figure f ON f.b = e.b AND f.n = e.n
     UNION ALL SELECT 'size', b, NULL, size, NULL FROM sizes`,
    params,
  );
  return {
    sizes: new Map(rows.filter((row) => row.kind === 'size').map((row) => [String(row.b), num(row.eligible)])),
    cells: rows
      .filter((row) => row.kind === 'cell')
      .map((row) => ({ bucket: String(row.b), n: num(row.n), eligible: num(row.eligible), value: num(row.value) })),
  };
}
