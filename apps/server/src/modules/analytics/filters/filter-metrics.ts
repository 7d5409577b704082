import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { FilterOptions } from '@questboard/shared/analytics-answers';

/** Every page's filter bar: the values each dimension takes in the range, most events first. */
export interface FilterMetrics {
  filterOptions(projectId: string, query: AnalyticsQuery): Promise<FilterOptions>;
}
