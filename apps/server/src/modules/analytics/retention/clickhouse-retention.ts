import type { AnalyticsQuery, RetentionMode, RetentionQuery } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import { literal } from '../../events/clickhouse/clickhouse-http';
import { bucketSql, date, filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { assembleRetention, type CohortCells } from './retention-assembly';

/** The retention page's cells in ClickHouse SQL on the players' installs (ADR 033); rows and curve from retention-assembly.ts. */
export function clickHouseRetention(q: ClickHouseQuery, query: RetentionQuery, today: string): Promise<Retention> {
  return assembleRetention((view, days) => clickHouseCohortCells(q, view, today, query.mode, days), query, today);
}

/**
 * Classic or rolling cohort cells (retention-assembly.ts `CohortCell`) from one row per player and
 * day N (`ARRAY JOIN` of the days):
 * eligible when install + N is not after today; classic counts the players active on install + N,
 * rolling those active on a day from install + N to today. Every (bucket, N) group holds each of
 * the bucket's players once, so its row count is the bucket's cohort size.
 */
export async function clickHouseCohortCells(
  q: ClickHouseQuery,
  view: AnalyticsQuery,
  today: string,
  mode: RetentionMode,
  days: readonly number[],
): Promise<CohortCells> {
  const reached = `install_day + n <= ${date(today)}`;
  const active = mode === 'classic' ? `has(days, install_day + n)` : `arrayExists(d -> d >= install_day + n AND d <= ${date(today)}, days)`;
  const rows = await q.rows(
    `SELECT ${bucketSql('install_day', view.granularity, view.from)} AS b, n, count() AS size,
       countIf(${reached}) AS eligible, countIf(${reached} AND ${active}) AS value
     FROM ${q.users} ARRAY JOIN [${days.map((day) => literal(day)).join(', ')}] AS n
     WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(view)} GROUP BY b, n`,
  );
  return {
    sizes: new Map(rows.map((row) => [String(row.b), num(row.size)])),
    cells: rows.map((row) => ({ bucket: String(row.b), n: num(row.n), eligible: num(row.eligible), value: num(row.value) })),
  };
}
