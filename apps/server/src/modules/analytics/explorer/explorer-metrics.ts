import type { Explore, ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import type { StoreAnswer } from '../store-answer';

/** The explorer (and the dashboard's pinned charts, which are explorer queries): one measure by bucket and breakdown. */
export interface ExplorerMetrics {
  explore(projectId: string, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>>;
}
