import type { Economy, EconomyQuery } from '@questboard/shared/analytics-economy';
import type { StoreAnswer } from '../store-answer';

/** The economy page (issue 17, ADR 028): one virtual currency's sources, sinks, items and balances by level. */
export interface EconomyMetrics {
  economy(projectId: string, query: EconomyQuery): Promise<StoreAnswer<Economy>>;
}
