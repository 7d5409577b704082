import type { RetentionQuery } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';

/** The retention page: cohorts by install bucket and the curve of one set of cohorts (ADR 010). */
export interface RetentionMetrics {
  retention(projectId: string, query: RetentionQuery, today: string): Promise<Retention>;
}
