import type { AnalyticsQuery, Engagement } from '@questboard/shared/analytics';
import type { StoreAnswer } from '../store-answer';

/** The engagement page: sessions, sessions per DAU, session lengths and their distribution. */
export interface EngagementMetrics {
  engagement(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Engagement>>;
}
