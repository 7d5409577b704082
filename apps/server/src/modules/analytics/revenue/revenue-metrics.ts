import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import type { StoreAnswer } from '../store-answer';

/** The revenue page: totals, series, top products and the cumulative LTV of cohorts. */
export interface RevenueMetrics {
  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>>;
}
