import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { bucketLabels } from '../buckets';
import { dailyActive } from '../duckdb-activity';
import { convertedSql, excludedPurchases } from '../duckdb-purchases';
import { bucketSql, byBucket, eventRangeSql, filterSql, num, Params, rangeSql, ratesSql, ratio, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import { duckDbCohorts } from '../retention/duckdb-retention';
import type { StoreAnswer } from '../store-answer';

const TOP_PRODUCTS = 10;

export async function duckDbRevenue(q: DuckDbQuery, view: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
  const buckets = bucketLabels(view);
  const allDays = buckets.flatMap((bucket) => bucket.days);
  const dau = await dailyActive(q, view);
  const { buckets: byB, total } = await revenueByBucket(q, view, money);
  const params = new Params();
  const products = await q.rows(
    `SELECT e.product_id, sum(e.revenue_amount * r.rate)::DOUBLE AS revenue, count(*)::DOUBLE AS transactions,
       count(DISTINCT e.user_id)::DOUBLE AS buyers
     FROM ${q.t.events} e JOIN ${ratesSql(params, money)} r ON r.currency = e.currency
     WHERE ${eventRangeSql(view)} AND e.revenue_amount > 0 AND ${filterSql(params, view, 'e.')}
     GROUP BY e.product_id ORDER BY revenue DESC, e.product_id NULLS LAST LIMIT ${TOP_PRODUCTS}`,
    params,
  );
  const ltv = await duckDbCohorts(q, view, today, 'ltv', money);
  const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
  const revenue = num(total?.revenue);
  const payers = num(total?.payers);
  return {
    currency: money.currency,
    excludedPurchases: await excludedPurchases(q, view, money),
    totals: {
      revenue,
      transactions: num(total?.transactions),
      payingUsers: payers,
      activeUsers: num(total?.active),
      arpdau: ratio(revenue, sumDau(allDays)),
      arppu: ratio(revenue, payers),
      payingConversion: ratio(payers, num(total?.active)),
    },
    series: buckets.map((b) => {
      const row = byB.get(b.label);
      return {
        date: b.label,
        revenue: num(row?.revenue),
        transactions: num(row?.transactions),
        payingUsers: num(row?.payers),
        arpdau: ratio(num(row?.revenue), sumDau(b.days)),
      };
    }),
    topProducts: products.map((row) => ({
      productId: text(row.product_id),
      revenue: num(row.revenue),
      transactions: num(row.transactions),
      buyers: num(row.buyers),
    })),
    ltv: { cohorts: ltv.cohorts, average: ltv.curve.map((point) => point.rate), averageCohorts: ltv.curveCohorts },
  };
}

/**
 * Revenue, transactions and paying users (counted purchases only) and active users per bucket,
 * and for the whole range (b = NULL).
 */
async function revenueByBucket(q: DuckDbQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, Row>; total: Row | undefined }> {
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
  return { buckets: byBucket(rows.filter((row) => row.b !== null)), total: rows.find((row) => row.b === null) };
}
