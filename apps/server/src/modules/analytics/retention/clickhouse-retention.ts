import type { AnalyticsQuery, RetentionMode, RetentionQuery } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import { literal } from '../../events/clickhouse/clickhouse-http';
import { bucketSql, convertibleSql, date, filterSql, num, rangeSql, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import { assembleRetention, type CohortCells } from './retention-assembly';

/** The retention page's cells in ClickHouse SQL on the players' installs (ADR 033); rows and curve from retention-assembly.ts. */
export function clickHouseRetention(q: ClickHouseQuery, query: RetentionQuery, today: string): Promise<Retention> {
  return assembleRetention((view, days) => clickHouseCohortCells(q, view, today, query.mode, days), query, today);
}

/**
 * Cohort cells (retention-assembly.ts `CohortCell`) from one row per player and day N (`ARRAY JOIN`
 * of the days): eligible when install + N is not after today; classic counts the players active on
 * install + N, rolling those active on a day from install + N to today, ltv sums their converted
 * purchases up to install + N. Every (bucket, N) group holds each of the bucket's players once, so
 * its row count is the bucket's cohort size.
 */
export async function clickHouseCohortCells(
  q: ClickHouseQuery,
  view: AnalyticsQuery,
  today: string,
  kind: RetentionMode | 'ltv',
  days: readonly number[],
  money?: ProjectMoney,
): Promise<CohortCells> {
  const reached = `install_day + n <= ${date(today)}`;
  let players = q.users;
  let value = `countIf(${reached} AND ${kind === 'classic' ? `has(days, install_day + n)` : `arrayExists(d -> d >= install_day + n AND d <= ${date(today)}, days)`})`;
  if (kind === 'ltv') {
    if (!money) throw new Error('LTV needs the project money');
    // Each player's converted purchases as parallel arrays of day and worth: revenue up to day N.
    players = `(SELECT * FROM ${q.users} ANY LEFT JOIN (
        SELECT user_id, groupArray(day) AS paid_days, groupArray(${worthSql(money, 'amount')}) AS paid
        FROM ${q.purchases()} WHERE ${convertibleSql(money, 'amount')} GROUP BY user_id
      ) USING user_id)`;
    value = `sumIf(arraySum(arrayMap((d, worth) -> if(d <= install_day + n, worth, toFloat64(0)), paid_days, paid)), ${reached})`;
  }
  const rows = await q.rows(
    `SELECT ${bucketSql('install_day', view.granularity, view.from)} AS b, n, count() AS size,
       countIf(${reached}) AS eligible, ${value} AS value
     FROM ${players} ARRAY JOIN [${days.map((day) => literal(day)).join(', ')}] AS n
     WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(view)} GROUP BY b, n`,
  );
  return {
    sizes: new Map(rows.map((row) => [String(row.b), num(row.size)])),
    cells: rows.map((row) => ({ bucket: String(row.b), n: num(row.n), eligible: num(row.eligible), value: num(row.value) })),
  };
}
