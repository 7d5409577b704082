import type { CupedSums } from '@questboard/shared/experiments-cuped';
import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import type { ProjectMoney } from '@questboard/shared/money';

/**
 * An experiment's results from the events (issue 16, ADR 030): what the event store sums so that
 * nothing per player leaves the database. How each metric, the exposure and the pre-exposure value
 * are counted is defined once, in docs/product/experiments.md#metrics and #cuped:
 *
 * A player counts from their first experiment_exposure event of the experiment in [start, end)
 * (its variant the one that event names); only their events at or after it count. Days are UTC
 * calendar days, day 0 the day of exposure, and a metric over days 0 to N counts a player once their
 * day N is over by the last look. The pre-exposure value is the same metric over the N + 1 days
 * before the exposure day (days −(N + 1) to −1), as if the first of them were day 0; a player has
 * history when they had an event in those days (for the mean of a property: sent the property).
 */
export interface ExperimentSumsQuery {
  /** The experiment's key, as the exposure events send it in properties.experiment. */
  key: string;
  /** The experiment's variant keys; exposures naming another variant are counted apart. */
  variants: readonly string[];
  /** Exposures at or after this moment and before `endMs` count (epoch milliseconds). */
  startMs: number;
  endMs: number;
  /** The last UTC day whose end the results see (YYYY-MM-DD): the last look. */
  lastLookDay: string;
  metrics: readonly ExperimentMetric[];
  money: ProjectMoney;
}

/** One variant's CUPED sums (experiments-cuped.ts) over the players exposed on one UTC day. */
export interface ExposureDaySums extends CupedSums {
  variant: string;
  /** The exposure day (YYYY-MM-DD). */
  day: string;
}

/**
 * What winsorising revenue at a look changes in a variant's sums (capped minus raw): the look takes
 * the players exposed up to `day`, and the cap is the 99.9th percentile of those players (nearest
 * rank). Only (day, variant) pairs where some player is above the cap have one.
 */
export interface CapCorrection extends CupedSums {
  variant: string;
  day: string;
}

export interface ExperimentSums {
  /** Exposed players per variant as the first exposure named it (null: none named), and how many of them were exposed to another variant too. */
  exposures: { variant: string | null; players: number; mixed: number }[];
  /** Per metric, in the query's order: the sums of its counted players by exposure day, and the caps' corrections (revenue only). */
  metrics: { byDay: ExposureDaySums[]; capped: CapCorrection[] }[];
}

/** The event store's side of the experiment results (the store implements it in its own engine). */
export interface ExperimentMetrics {
  experimentSums(projectId: string, query: ExperimentSumsQuery): Promise<ExperimentSums>;
}
