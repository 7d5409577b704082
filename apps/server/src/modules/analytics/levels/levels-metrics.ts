import type { Levels, LevelsQuery } from '@questboard/shared/analytics-levels';

/** The level page (issue 17, ADR 028): per level, starts, completes, fails, players who reached it and churned there. */
export interface LevelsMetrics {
  levels(projectId: string, query: LevelsQuery): Promise<Levels>;
}
