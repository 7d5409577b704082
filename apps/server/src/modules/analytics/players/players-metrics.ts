import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Players } from '@questboard/shared/analytics-answers';
import type { StoreAnswer } from '../store-answer';

/** The players page: active, new and returning users, DAU/WAU/MAU and stickiness, and breakdowns. */
export interface PlayersMetrics {
  players(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Players>>;
}
