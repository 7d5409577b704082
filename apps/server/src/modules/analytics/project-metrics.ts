import type {
  AnalyticsQuery,
  Engagement,
  EventCatalogue,
  Explore,
  ExploreQuery,
  FilterOptions,
  Overview,
  Player,
  Players,
  Retention,
  RetentionQuery,
  Revenue,
} from '@questboard/shared/analytics';
import type { ProjectMoney } from '@questboard/shared/money';

/** An answer as a store gives it: the route adds which buckets are incomplete (buckets.ts). */
export type StoreAnswer<T> = Omit<T, 'incomplete'>;

/**
 * The analytics pages' questions (issue 8), one method each, every one scoped to one project and
 * answered by the event store (ADR 010 gives the exact semantics). `today` is the current UTC day
 * as YYYY-MM-DD: retention and LTV cells after it are not reached yet. `money` is the project's
 * reporting currency and rates (ADR 011): every revenue figure converts purchases through it at
 * query time, leaves out and reports those in a currency without a rate, and ignores amounts of 0.
 */
export interface ProjectMetrics {
  overview(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>>;
  players(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Players>>;
  /** One player's profile and timeline; null when the project holds no event of theirs. */
  player(projectId: string, userId: string, money: ProjectMoney): Promise<Player | null>;
  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>>;
  retention(projectId: string, query: RetentionQuery, today: string): Promise<Retention>;
  engagement(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Engagement>>;
  explore(projectId: string, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>>;
  eventCatalogue(projectId: string, query: AnalyticsQuery): Promise<EventCatalogue>;
  filterOptions(projectId: string, query: AnalyticsQuery): Promise<FilterOptions>;
}
