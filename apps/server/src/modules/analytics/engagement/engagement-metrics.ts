import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Engagement } from '@questboard/shared/analytics-answers';
import type { StoreAnswer } from '../store-answer';

/** The engagement page: sessions, sessions per DAU, session lengths and their distribution. */
export interface EngagementMetrics {
  engagement(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Engagement>>;
}
