import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import type { Row } from '../../events/clickhouse/clickhouse-http';
import { clickHouseDailyActive } from '../clickhouse-activity';
import { clickHouseExcludedPurchases } from '../clickhouse-purchases';
import { bucketSql, convertibleSql, filterSql, num, rangeSql, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import { text } from '../duckdb-sql';
import { clickHouseCohortCells } from '../retention/clickhouse-retention';
import type { StoreAnswer } from '../store-answer';
import { assembleRevenue, TOP_PRODUCTS, type RevenueFigures } from './revenue-assembly';

/** The revenue page's questions in ClickHouse SQL on the deduplicated events (ADR 033); totals, series and LTV from revenue-assembly.ts. */
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

/** Active users and converted purchases per bucket; the whole range is the row with the empty bucket (no GROUPING SETS in 18.16). */
async function revenueByBucket(q: ClickHouseQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, RevenueFigures>; total: RevenueFigures }> {
  const paid = convertibleSql(money);
  const figures = `uniqExact(user_id) AS active, sumIf(${worthSql(money)}, ${paid}) AS revenue, countIf(${paid}) AS transactions,
    uniqExactIf(user_id, ${paid}) AS payers FROM ${q.eventsOn(view)} WHERE ${rangeSql(view)} AND ${filterSql(view)}`;
  const rows = await q.rows(
    `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, ${figures} GROUP BY b
     UNION ALL
     SELECT '' AS b, ${figures}`,
  );
  const of = (row: Row | undefined): RevenueFigures => ({
    revenue: num(row?.revenue),
    transactions: num(row?.transactions),
    payers: num(row?.payers),
    active: num(row?.active),
  });
  return {
    buckets: new Map(rows.filter((row) => row.b !== '').map((row) => [String(row.b), of(row)])),
    total: of(rows.find((row) => row.b === '')),
  };
}

async function topProducts(q: ClickHouseQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<Revenue['topProducts']> {
  const rows = await q.rows(
    `SELECT product_id, sum(${worthSql(money)}) AS revenue, count() AS transactions, uniqExact(user_id) AS buyers
     FROM ${q.eventsOn(view)} WHERE ${convertibleSql(money)} AND ${rangeSql(view)} AND ${filterSql(view)}
     GROUP BY product_id ORDER BY revenue DESC, isNull(product_id), product_id LIMIT ${TOP_PRODUCTS}`,
  );
  return rows.map((row) => ({ productId: text(row.product_id), revenue: num(row.revenue), transactions: num(row.transactions), buyers: num(row.buyers) }));
}
