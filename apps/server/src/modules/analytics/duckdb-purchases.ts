import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import { eventRangeSql, filterSql, num, Params, rangeSql, ratesSql, type DuckDbQuery } from './duckdb-sql';

// Revenue in the reporting currency (ADR 011), shared by the overview, revenue, retention's LTV and
// the explorer.

/** The purchases rollup converted to the reporting currency; purchases without a rate drop out of the join. */
export function convertedSql(q: DuckDbQuery, params: Params, money: ProjectMoney): string {
  return `(SELECT p.day, p.uid, p.platform, p.country, p.app_version, p.amount * r.rate AS revenue, p.transactions
    FROM ${q.t.purchases} p JOIN ${ratesSql(params, money)} r ON r.currency = p.currency)`;
}

/**
 * Purchases of the range in a currency without a rate, per currency, most first: from the
 * purchases rollup, or for one event name (the explorer) from the events.
 */
export async function excludedPurchases(q: DuckDbQuery, view: AnalyticsQuery, money: ProjectMoney, event: string | null = null): Promise<ExcludedPurchases> {
  const params = new Params();
  const withoutRate = `currency NOT IN (SELECT currency FROM ${ratesSql(params, money)})`;
  const rows = await q.rows(
    event === null
      ? `SELECT currency, sum(transactions)::DOUBLE AS purchases, sum(amount)::DOUBLE AS amount FROM ${q.t.purchases}
         WHERE ${rangeSql(view)} AND ${filterSql(params, view)} AND ${withoutRate}
         GROUP BY currency ORDER BY purchases DESC, currency`
      : `SELECT currency, count(*)::DOUBLE AS purchases, sum(revenue_amount)::DOUBLE AS amount FROM ${q.t.events}
         WHERE ${eventRangeSql(view)} AND revenue_amount > 0 AND name = ${params.add(event)} AND ${filterSql(params, view)} AND ${withoutRate}
         GROUP BY currency ORDER BY purchases DESC, currency`,
    params,
  );
  return rows.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.amount) }));
}
