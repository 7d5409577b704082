import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';

/** The events page: every event name of the range with its counts, users and property keys. */
export interface CatalogueMetrics {
  eventCatalogue(projectId: string, query: AnalyticsQuery): Promise<EventCatalogue>;
}
