import type { CatalogueMetrics } from './catalogue/catalogue-metrics';
import type { EconomyMetrics } from './economy/economy-metrics';
import type { EngagementMetrics } from './engagement/engagement-metrics';
import type { ExplorerMetrics } from './explorer/explorer-metrics';
import type { FilterMetrics } from './filters/filter-metrics';
import type { LevelsMetrics } from './levels/levels-metrics';
import type { FunnelMetrics } from './funnels/funnel-metrics';
import type { OverviewMetrics } from './overview/overview-metrics';
import type { PlayerTimelineMetrics } from './player-timeline/player-timeline-metrics';
import type { PlayersMetrics } from './players/players-metrics';
import type { RetentionMetrics } from './retention/retention-metrics';
import type { RevenueMetrics } from './revenue/revenue-metrics';
import type { ExperimentMetrics } from '../experiments/results/experiment-sums';

/**
 * The analytics pages' questions (issue 8), one method each, every one scoped to one project and
 * answered by the event store (ADR 010 gives the exact semantics). `today` is the current UTC day
 * as YYYY-MM-DD: retention and LTV cells after it are not reached yet. `money` is the project's
 * reporting currency and rates (ADR 011): every revenue figure converts purchases through it at
 * query time, leaves out and reports those in a currency without a rate, and ignores amounts of 0.
 * Each page's contract sits in its folder beside its DuckDB queries (issue 18), so another engine
 * adds one file per page.
 */
export interface ProjectMetrics
  extends OverviewMetrics,
    PlayersMetrics,
    PlayerTimelineMetrics,
    RevenueMetrics,
    RetentionMetrics,
    EngagementMetrics,
    ExplorerMetrics,
    CatalogueMetrics,
    FilterMetrics,
    LevelsMetrics,
    EconomyMetrics,
    FunnelMetrics,
    ExperimentMetrics {}
