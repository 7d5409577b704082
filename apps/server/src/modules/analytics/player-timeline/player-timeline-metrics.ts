import type { Player } from '@questboard/shared/analytics-player';
import type { ProjectMoney } from '@questboard/shared/money';

/** A player's page: their profile, recent sessions and recent events. */
export interface PlayerTimelineMetrics {
  /** One player's profile and timeline; null when the project holds no event of theirs. */
  player(projectId: string, userId: string, money: ProjectMoney): Promise<Player | null>;
}
