// docs/product/experiments.md#sample-ratio-mismatch and ADR 025: whether the players reached the variants
// in the proportions the weights promise. A mismatch means assignment or exposure logging is broken
// for some players, and then no difference between the variants can be trusted.
import { chiSquaredSurvival } from './experiments-distributions';

/**
 * The p-value below which a mismatch is flagged. The check is read every day of every experiment,
 * so a 5% threshold would raise false alarms on a healthy experiment in most weeks; real mismatches
 * (a variant that crashes before its exposure is sent, a cache serving one variant) give p-values
 * far smaller than 0.001 within days. Read daily for 30 days, a healthy experiment is flagged at
 * most 3% of the time (30 × 0.001).
 */
export const SRM_P_VALUE_THRESHOLD = 0.001;

export interface SampleRatioCheck {
  /** Pearson's chi-squared statistic Σ (observed − expected)² / expected. */
  chiSquared: number;
  degreesOfFreedom: number;
  /** P(χ² with k − 1 degrees of freedom > the statistic). */
  pValue: number;
  /** The players each variant was expected to have: total × weight / Σ weights. */
  expected: number[];
  /** True when the p-value is below SRM_P_VALUE_THRESHOLD. */
  mismatch: boolean;
}

/**
 * Pearson's chi-squared goodness of fit of the exposed players per variant against the variants'
 * weights, in the same order. Variants of weight 0 must have no players.
 */
export function sampleRatioCheck(observed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  if (observed.length !== weights.length || observed.length < 2) throw new RangeError('give the players and the weight of each of at least two variants');
  if (observed.some((count) => !Number.isInteger(count) || count < 0)) throw new RangeError('player counts must be whole numbers >= 0');
  if (weights.some((weight) => !(weight >= 0) || !Number.isFinite(weight))) throw new RangeError('weights must be finite numbers >= 0');
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (!(totalWeight > 0)) throw new RangeError('at least one weight must be above 0');
  const players = observed.reduce((sum, count) => sum + count, 0);
  const expected = weights.map((weight) => (players * weight) / totalWeight);
  let chiSquared = 0;
  let degreesOfFreedom = -1;
  let impossible = false;
  for (const [index, count] of observed.entries()) {
    const expectation = expected[index] ?? 0;
    if (expectation === 0) {
      // A variant nobody should reach: any player there is a mismatch by itself.
      if (count > 0) impossible = true;
      continue;
    }
    degreesOfFreedom += 1;
    chiSquared += (count - expectation) ** 2 / expectation;
  }
  if (impossible) return { chiSquared: Infinity, degreesOfFreedom: Math.max(degreesOfFreedom, 1), pValue: 0, expected, mismatch: true };
  if (players === 0 || degreesOfFreedom < 1) return { chiSquared: 0, degreesOfFreedom: Math.max(degreesOfFreedom, 1), pValue: 1, expected, mismatch: false };
  const pValue = chiSquaredSurvival(chiSquared, degreesOfFreedom);
  return { chiSquared, degreesOfFreedom, pValue, expected, mismatch: pValue < SRM_P_VALUE_THRESHOLD };
}
