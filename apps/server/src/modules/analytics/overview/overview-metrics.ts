import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import type { StoreAnswer } from '../store-answer';

/** The overview page: nine cards with their series and the previous range's figures, and the top events. */
export interface OverviewMetrics {
  overview(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>>;
}
