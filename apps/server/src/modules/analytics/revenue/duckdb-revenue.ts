import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { dailyActive } from '../duckdb-activity';
import { convertedSql, excludedPurchases } from '../duckdb-purchases';
import { bucketSql, byBucket, eventRangeSql, filterSql, num, Params, rangeSql, ratesSql, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import { cohortCells } from '../retention/duckdb-retention';
import type { StoreAnswer } from '../store-answer';
import { assembleRevenue, TOP_PRODUCTS, type RevenueFigures } from './revenue-assembly';

export function duckDbRevenue(q: DuckDbQuery, view: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
  return assembleRevenue(
    {
      dailyActive: (range) => dailyActive(q, range),
      figures: (range, currency) => revenueByBucket(q, range, currency),
      topProducts: (range, currency) => topProducts(q, range, currency),
      ltvCells: (day, currency) => (range, days) => cohortCells(q, range, day, 'ltv', days, currency),
      excludedPurchases: (range, currency) => excludedPurchases(q, range, currency),
    },
    view,
    today,
    money,
  );
}

async function topProducts(q: DuckDbQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<Revenue['topProducts']> {
  const params = new Params();
  const products = await q.rows(
    `SELECT e.product_id, sum(e.revenue_amount * r.rate)::DOUBLE AS revenue, count(*)::DOUBLE AS transactions,
       count(DISTINCT e.user_id)::DOUBLE AS buyers
     FROM ${q.t.events} e JOIN ${ratesSql(params, money)} r ON r.currency = e.currency
     WHERE ${eventRangeSql(view)} AND e.revenue_amount > 0 AND ${filterSql(params, view, 'e.')}
     GROUP BY e.product_id ORDER BY revenue DESC, e.product_id NULLS LAST LIMIT ${TOP_PRODUCTS}`,
    params,
  );
  return products.map((row) => ({
    productId: text(row.product_id),
    revenue: num(row.revenue),
    transactions: num(row.transactions),
    buyers: num(row.buyers),
  }));
}

/**
 * Revenue, transactions and paying users (counted purchases only) and active users per bucket,
 * and for the whole range (b = NULL).
 */
async function revenueByBucket(q: DuckDbQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, RevenueFigures>; total: RevenueFigures }> {
  const bucket = bucketSql('day', view.granularity, view.from);
  const activeParams = new Params();
  const active = await q.rows(
    `SELECT ${bucket} AS b, count(DISTINCT uid)::DOUBLE AS active FROM ${q.t.userDays}
     WHERE ${rangeSql(view)} AND ${filterSql(activeParams, view)} GROUP BY GROUPING SETS ((b), ())`,
    activeParams,
  );
  const params = new Params();
  const paid = await q.rows(
    `SELECT ${bucket} AS b, sum(revenue)::DOUBLE AS revenue, sum(transactions)::DOUBLE AS transactions, count(DISTINCT uid)::DOUBLE AS payers
     FROM ${convertedSql(q, params, money)} WHERE ${rangeSql(view)} AND ${filterSql(params, view)} GROUP BY GROUPING SETS ((b), ())`,
    params,
  );
  const paidOf = new Map(paid.map((row) => [text(row.b), row]));
  const rows = active.map((row) => ({ ...paidOf.get(text(row.b)), ...row }));
  const figures = (row: Row | undefined): RevenueFigures => ({
    revenue: num(row?.revenue),
    transactions: num(row?.transactions),
    payers: num(row?.payers),
    active: num(row?.active),
  });
  const buckets = byBucket(rows.filter((row) => row.b !== null));
  return { buckets: new Map([...buckets].map(([label, row]) => [label, figures(row)])), total: figures(rows.find((row) => row.b === null)) };
}
