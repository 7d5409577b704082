import type { Funnel, FunnelPlayers, FunnelPlayersQuery, FunnelQuery } from '@questboard/shared/analytics-funnels';
import type { StoreAnswer } from '../store-answer';

/**
 * The funnels page (issue 17, ADR 027): a funnel's players per step, conversion, time to convert,
 * breakdown and trend, and the players who dropped at a step. How players are counted is defined
 * once, in docs/product/metrics.md#funnels (the help page's words, metric-definitions.ts):
 *
 * A player enters at their first event in the range that matches step 1 (in any order: any step).
 * The conversion window runs from that entry; an event exactly at its end still counts. In strict
 * order, each next step is the player's first event matching it at a later millisecond than the
 * previous step's, within the window; other events, other steps' included, may come in between. In
 * any order, each step is done at its first matching event from the entry on within the window,
 * and step N means N of the steps done. Time to convert runs from the entry to the step. Only
 * events in the range that match the view's filters count; deleted events are gone and a repeated
 * insert_id is one event.
 */
export interface FunnelMetrics {
  funnel(projectId: string, query: FunnelQuery): Promise<StoreAnswer<Funnel>>;
  funnelPlayers(projectId: string, query: FunnelPlayersQuery): Promise<FunnelPlayers>;
}
