import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import { bucketLabels } from '../buckets';
import { assembleCohorts, type CohortCellsOf } from '../retention/retention-assembly';
import type { StoreAnswer } from '../store-answer';

// The revenue page from the figures a store computes: each store answers `RevenueSource` in its own
// SQL (duckdb-revenue.ts, clickhouse-revenue.ts) and this turns them into the totals, the series and
// the LTV curve, so the page's arithmetic (ARPDAU, ARPPU, conversion, ADR 011) is written once.

/** Revenue (reporting currency), transactions and paying users of converted purchases, and the active users. */
export interface RevenueFigures {
  revenue: number;
  transactions: number;
  payers: number;
  active: number;
}

export interface RevenueSource {
  /** DAU per day of the view (days without users left out). */
  dailyActive(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** Figures per bucket label with active users, and for the whole range. */
  figures(view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, RevenueFigures>; total: RevenueFigures }>;
  /** The products with the most revenue (then by product id, none last). */
  topProducts(view: AnalyticsQuery, money: ProjectMoney): Promise<Revenue['topProducts']>;
  /** Cohort cells of revenue up to day N (retention-assembly.ts). */
  ltvCells(today: string, money: ProjectMoney): CohortCellsOf;
  excludedPurchases(view: AnalyticsQuery, money: ProjectMoney): Promise<ExcludedPurchases>;
}

/** The products the page lists. */
export const TOP_PRODUCTS = 10;

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);

export async function assembleRevenue(source: RevenueSource, view: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
  const buckets = bucketLabels(view);
  const allDays = buckets.flatMap((bucket) => bucket.days);
  const dau = await source.dailyActive(view);
  const { buckets: byB, total } = await source.figures(view, money);
  const topProducts = await source.topProducts(view, money);
  const ltv = await assembleCohorts(source.ltvCells(today, money), view, today);
  const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
  return {
    currency: money.currency,
    excludedPurchases: await source.excludedPurchases(view, money),
    totals: {
      revenue: total.revenue,
      transactions: total.transactions,
      payingUsers: total.payers,
      activeUsers: total.active,
      arpdau: ratio(total.revenue, sumDau(allDays)),
      arppu: ratio(total.revenue, total.payers),
      payingConversion: ratio(total.payers, total.active),
    },
    series: buckets.map((b) => {
      const row = byB.get(b.label);
      return {
        date: b.label,
        revenue: row?.revenue ?? 0,
        transactions: row?.transactions ?? 0,
        payingUsers: row?.payers ?? 0,
        arpdau: ratio(row?.revenue ?? 0, sumDau(b.days)),
      };
    }),
    topProducts,
    ltv: { cohorts: ltv.cohorts, average: ltv.curve.map((point) => point.rate), averageCohorts: ltv.curveCohorts },
  };
}
