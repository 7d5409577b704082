import type { AnalyticsFilters } from '@questboard/shared/analytics-view';
import { literal } from '../events/clickhouse/clickhouse-http';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import { filterSql, num, rangeSql, withoutRateSql, type ClickHouseQuery } from './clickhouse-sql';

// Purchases the reporting currency leaves out (ADR 011), shared by the overview, revenue and explorer pages on
// ClickHouse (ADR 033); duckdb-purchases.ts answers the same from DuckDB's rollup.

/** Purchases of the range (of one event name, or every one: the explorer) in a currency without a rate, per currency, most first. */
export async function clickHouseExcludedPurchases(q: ClickHouseQuery, view: AnalyticsFilters & { from: string; to: string }, money: ProjectMoney, event: string | null = null): Promise<ExcludedPurchases> {
  const rows = await q.rows(
    `SELECT assumeNotNull(currency) AS currency, count() AS purchases, sum(assumeNotNull(revenue_amount)) AS amount FROM ${q.eventsOn(view)}
     WHERE ${withoutRateSql(money)} AND ${rangeSql(view)} AND ${filterSql(view)}${event === null ? '' : ` AND name = ${literal(event)}`}
     GROUP BY currency ORDER BY purchases DESC, currency`,
  );
  return rows.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.amount) }));
}
