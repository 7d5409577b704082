import type { AnalyticsFilters } from '@questboard/shared/analytics-view';
import { literal } from '../events/clickhouse/clickhouse-http';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import { filterSql, num, rangeSql, withoutRateSql, type ClickHouseQuery } from './clickhouse-sql';

// Purchases the reporting currency leaves out (ADR 011), shared by the overview, revenue and explorer pages on
// ClickHouse (ADR 033); duckdb-purchases.ts answers the same from DuckDB's rollup.

/** Purchases of the range (of one event name, or every one: the explorer) in a currency without a rate, per currency, most first. */
export async function clickHouseExcludedPurchases(q: ClickHouseQuery, view: AnalyticsFilters & { from: string; to: string }, money: ProjectMoney, event: string | null = null): Promise<ExcludedPurchases> {
  // Of every event name: the purchases rollup (ADR 037); of one: its events.
  const rows = await q.rows(
    event === null
      ? `SELECT assumeNotNull(currency) AS currency, sum(transactions) AS purchases, sum(amount) AS total FROM ${q.purchases(view)}
         WHERE ${withoutRateSql(money, 'amount')} AND ${filterSql(view)} GROUP BY currency ORDER BY purchases DESC, currency`
      : `SELECT assumeNotNull(currency) AS currency, count() AS purchases, sum(assumeNotNull(revenue_amount)) AS total FROM ${q.eventsOn(view)}
         WHERE ${withoutRateSql(money)} AND ${rangeSql(view)} AND ${filterSql(view)} AND name = ${literal(event)}
         GROUP BY currency ORDER BY purchases DESC, currency`,
  );
  return rows.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.total) }));
}
