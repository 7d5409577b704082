import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import type { Row } from '../../events/clickhouse/clickhouse-http';
import { clickHouseDailyActive } from '../clickhouse-activity';
import { clickHouseExcludedPurchases } from '../clickhouse-purchases';
import { bucketSql, convertibleSql, filterSql, num, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import { text } from '../duckdb-sql';
import { clickHouseCohortCells } from '../retention/clickhouse-retention';
import type { StoreAnswer } from '../store-answer';
import { assembleRevenue, TOP_PRODUCTS, type RevenueFigures } from './revenue-assembly';

/** The revenue page's questions in ClickHouse SQL on the rollups (ADR 033, 037); totals, series and LTV from revenue-assembly.ts. */
export function clickHouseRevenue(q: ClickHouseQuery, view: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
  return assembleRevenue(
    {
      dailyActive: (range) => clickHouseDailyActive(q, range),
      figures: (range, currency) => revenueByBucket(q, range, currency),
      topProducts: (range, currency) => topProducts(q, range, currency),
      ltvCells: (day, currency) => (range, days) => clickHouseCohortCells(q, range, day, 'ltv', days, currency),
      excludedPurchases: (range, currency) => clickHouseExcludedPurchases(q, range, currency),
    },
    view,
    today,
    money,
  );
}

/**
 * Active users (from the player days) and converted purchases (from the purchases rollup) per
 * bucket (ADR 037); the whole range is the row with the empty bucket (no GROUPING SETS in 18.16).
 */
async function revenueByBucket(q: ClickHouseQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, RevenueFigures>; total: RevenueFigures }> {
  const bucket = bucketSql('day', view.granularity, view.from);
  const byBucket = (relation: string, figures: string) => `SELECT ${bucket} AS b, ${figures} FROM ${relation} GROUP BY b
     UNION ALL
     SELECT '' AS b, ${figures} FROM ${relation}`;
  const [active, paid] = await Promise.all([
    q.rows(byBucket(`(SELECT user_id, day FROM ${q.userDays(view)} WHERE ${filterSql(view)})`, 'uniqExact(user_id) AS active')),
    q.rows(
      byBucket(
        `(SELECT user_id, day, ${worthSql(money, 'amount')} AS worth, transactions FROM ${q.purchases(view)} WHERE ${convertibleSql(money, 'amount')} AND ${filterSql(view)})`,
        'sum(worth) AS revenue, sum(transactions) AS bought, uniqExact(user_id) AS payers',
      ),
    ),
  ]);
  const activeBy = new Map(active.map((row) => [String(row.b), num(row.active)]));
  const paidBy = new Map(paid.map((row) => [String(row.b), row]));
  const of = (bucketLabel: string): RevenueFigures => {
    const row: Row | undefined = paidBy.get(bucketLabel);
    return { revenue: num(row?.revenue), transactions: num(row?.bought), payers: num(row?.payers), active: activeBy.get(bucketLabel) ?? 0 };
  };
  const labels = new Set([...activeBy.keys(), ...paidBy.keys()].filter((label) => label !== ''));
  return { buckets: new Map([...labels].map((label) => [label, of(label)])), total: of('') };
}

async function topProducts(q: ClickHouseQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<Revenue['topProducts']> {
  const rows = await q.rows(
    `SELECT product_id, sum(${worthSql(money, 'amount')}) AS revenue, sum(transactions) AS bought, uniqExact(user_id) AS buyers
     FROM ${q.purchases(view)} WHERE ${convertibleSql(money, 'amount')} AND ${filterSql(view)}
     GROUP BY product_id ORDER BY revenue DESC, isNull(product_id), product_id LIMIT ${TOP_PRODUCTS}`,
  );
  return rows.map((row) => ({ productId: text(row.product_id), revenue: num(row.revenue), transactions: num(row.bought), buyers: num(row.buyers) }));
}
