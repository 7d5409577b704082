// docs/product/experiments.md#the-statistics and ADR 025: one variant against control on a per-player
// metric, from sufficient statistics (counts and sums), never from per-player arrays.
import { normalQuantile } from './experiments-distributions';

/** What the statistics need of one variant's per-player metric: players, their mean and the variance of one player's value. */
export interface VariantMoments {
  players: number;
  mean: number;
  variance: number;
}

export interface Interval {
  lower: number;
  upper: number;
}

/**
 * A proportion metric (retention, payer conversion, event conversion): `successes` of `players`.
 * Mean p = successes / players; variance of one player p (1 − p).
 */
export function proportionMoments(players: number, successes: number): VariantMoments {
  if (!Number.isInteger(players) || players < 0) throw new RangeError(`players must be a whole number >= 0, got ${players}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > players) {
    throw new RangeError(`successes must be a whole number from 0 to players (${players}), got ${successes}`);
  }
  const mean = players === 0 ? 0 : successes / players;
  return { players, mean, variance: mean * (1 - mean) };
}

/**
 * A mean metric (revenue per player, sessions per player, mean of a property) from the players'
 * count, the sum of their values and the sum of their squares. Variance: the sample variance
 * (Σx² − (Σx)² / n) / (n − 1), 0 below two players.
 */
export function meanMoments(players: number, sum: number, sumOfSquares: number): VariantMoments {
  if (!Number.isInteger(players) || players < 0) throw new RangeError(`players must be a whole number >= 0, got ${players}`);
  if (players === 0) return { players, mean: 0, variance: 0 };
  const mean = sum / players;
  // Rounding can leave a tiny negative where every value is equal.
  const variance = players < 2 ? 0 : Math.max(0, (sumOfSquares - sum * mean) / (players - 1));
  return { players, mean, variance };
}

/** Pools variants' moments as if their players were one group (the pooled mean and sample variance). */
export function pooledMoments(variants: readonly VariantMoments[]): VariantMoments {
  let players = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (const variant of variants) {
    players += variant.players;
    sum += variant.mean * variant.players;
    sumOfSquares += variant.variance * Math.max(0, variant.players - 1) + variant.mean * variant.mean * variant.players;
  }
  return meanMoments(players, sum, sumOfSquares);
}

/** The standard error of a variant's mean: √(variance / players). */
export function standardError(moments: VariantMoments): number {
  return moments.players === 0 ? Number.NaN : Math.sqrt(moments.variance / moments.players);
}

export interface Estimate {
  estimate: number;
  standardError: number;
  /** The single-look interval at the comparison's confidence: estimate ± z × standard error. */
  interval: Interval;
}

export interface Comparison {
  control: Estimate;
  treatment: Estimate;
  /** Absolute difference: treatment mean − control mean. */
  absolute: Estimate;
  /** Relative difference: treatment mean / control mean − 1, its standard error by the delta method; null when the control mean is 0. */
  relative: Estimate | null;
}

function around(estimate: number, error: number, z: number): Estimate {
  return { estimate, standardError: error, interval: { lower: estimate - z * error, upper: estimate + z * error } };
}

/** The variance of the absolute difference: var_T / n_T + var_C / n_C (Welch's, no pooling). */
export function differenceVariance(control: VariantMoments, treatment: VariantMoments): number {
  return treatment.variance / treatment.players + control.variance / control.players;
}

/**
 * The delta-method standard error of the relative difference T / C − 1:
 * √(var_T / (n_T C²) + T² var_C / (n_C C⁴)), with T and C the two means.
 */
export function relativeStandardError(control: VariantMoments, treatment: VariantMoments): number {
  const c = control.mean;
  const t = treatment.mean;
  return Math.sqrt(treatment.variance / (treatment.players * c * c) + (t * t * control.variance) / (control.players * c ** 4));
}

/** Whether a comparison can be computed: at least two players in each variant. */
export function canCompare(control: VariantMoments, treatment: VariantMoments): boolean {
  return control.players >= 2 && treatment.players >= 2;
}

/**
 * One variant against control at a single look: each estimate, the absolute and the relative
 * difference, each with its interval at `confidence` (0.95 by default). These intervals hold for
 * one look fixed in advance; the decision under continuous monitoring is `sequentialDecision`'s.
 */
export function compareVariants(control: VariantMoments, treatment: VariantMoments, confidence = 0.95): Comparison {
  if (!canCompare(control, treatment)) throw new RangeError('each variant needs at least two players to be compared');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be between 0 and 1, got ${confidence}`);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const absolute = around(treatment.mean - control.mean, Math.sqrt(differenceVariance(control, treatment)), z);
  const relative = control.mean === 0 ? null : around(treatment.mean / control.mean - 1, relativeStandardError(control, treatment), z);
  return {
    control: around(control.mean, standardError(control), z),
    treatment: around(treatment.mean, standardError(treatment), z),
    absolute,
    relative,
  };
}
