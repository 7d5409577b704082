import type { AnalyticsQuery, Revenue } from '@questboard/shared/analytics';
import type { ProjectMoney } from '@questboard/shared/money';
import type { StoreAnswer } from '../store-answer';

/** The revenue page: totals, series, top products and the cumulative LTV of cohorts. */
export interface RevenueMetrics {
  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>>;
}
