// docs/product/experiments.md#the-decision and ADR 025: the decision that stays valid however often the
// results are read. Two parts share the 5% error: an always-valid confidence sequence (1%) that may
// decide at any look, and one fixed-horizon test (4%) at the look where the planned sample size is
// first reached. The chance of ever declaring a difference that does not exist is at most 1% + 4%.
import {
  canCompare,
  differenceVariance,
  relativeStandardError,
  type Interval,
  type VariantMoments,
} from './experiments-compare';
import { normalQuantile, twoSidedNormalPValue } from './experiments-distributions';

/** The error the whole decision allows: the chance of ever declaring a difference that does not exist. */
export const DECISION_ALPHA = 0.05;
/** The share of it spent by the confidence sequence, at every look. */
export const SEQUENCE_ALPHA = 0.01;
/** The share of it spent by the one fixed-horizon test at the planned sample size. */
export const HORIZON_ALPHA = DECISION_ALPHA - SEQUENCE_ALPHA;

/**
 * The mixing ratio r = τ² / v at which the normal-mixture boundary is narrowest: the root of
 * r = 2 ln(1/α) + ln(1 + r) (Howard et al. 2021 give its first step, 2 ln(1/α) + ln(1 + 2 ln(1/α))).
 */
export function optimalMixingRatio(alpha: number): number {
  const c = 2 * Math.log(1 / alpha);
  let r = c;
  for (let step = 0; step < 100; step += 1) {
    const next = c + Math.log(1 + r);
    if (Math.abs(next - r) < 1e-12) return next;
    r = next;
  }
  return r;
}

/**
 * The normal-mixture likelihood ratio of the mSPRT (Johari, Pekelis, Walsh) for an estimate `z`
 * standard errors away from the tested value, with mixing variance τ² = r × v:
 * Λ = √(1 / (1 + r)) × exp(r / (1 + r) × z² / 2).
 */
export function mixtureLikelihoodRatio(z: number, mixingRatio: number): number {
  return Math.sqrt(1 / (1 + mixingRatio)) * Math.exp(((mixingRatio / (1 + mixingRatio)) * z * z) / 2);
}

/**
 * The confidence sequence's half-width in standard errors at level α: every θ with Λ(θ) < 1/α,
 * |z| < √((1 + 1/r) (2 ln(1/α) + ln(1 + r))).
 */
export function sequenceMultiplier(mixingRatio: number, alpha: number): number {
  return Math.sqrt((1 + 1 / mixingRatio) * (2 * Math.log(1 / alpha) + Math.log(1 + mixingRatio)));
}

/** r* at the sequence's 1%: about 11.756. */
const SEQUENCE_MIXING_RATIO = optimalMixingRatio(SEQUENCE_ALPHA);

/**
 * The mixing ratio at a look: r = r* × (n_C + n_T) / (2 × planned players per variant). The sequence
 * is narrowest where each variant has the planned players (Waudby-Smith et al. 2023, Howard et al. 2021).
 */
export function mixingRatioAt(control: VariantMoments, treatment: VariantMoments, plannedPlayersPerVariant: number): number {
  return (SEQUENCE_MIXING_RATIO * (control.players + treatment.players)) / (2 * plannedPlayersPerVariant);
}

/** One look at the data: each variant's moments, cumulative from the start to that look. */
export interface Look {
  control: VariantMoments;
  treatment: VariantMoments;
}

export interface SequentialDecision {
  /**
   * The always-valid p-value: the smaller of 5 × the smallest 1 / Λ of the confidence sequence so far
   * and 1.25 × the p-value of the planned-size test, at most 1; a difference is declared when it is at
   * most 5%, however often the results are read.
   */
  pValue: number;
  /** Whether a difference is declared: the p-value is at most DECISION_ALPHA, the same as the interval excluding 0. */
  significant: boolean;
  /**
   * The always-valid interval of the absolute difference: the differences no look so far has ruled
   * out: the intersection of every look’s 1% normal-mixture confidence sequence, and, from the look
   * where each variant first has the planned players, of that look’s 96% interval. Null before the
   * first look that can be compared.
   */
  absolute: Interval | null;
  /** The same for the relative difference (delta method); null while the control mean is 0. */
  relative: Interval | null;
  /** Whether the planned sample size was reached, so the fixed-horizon test was made. */
  plannedSizeReached: boolean;
  /** The looks that could be compared (two players in each variant, some variance). */
  looks: number;
}

function intersect(current: Interval | null, next: Interval): Interval {
  if (current === null) return next;
  return { lower: Math.max(current.lower, next.lower), upper: Math.min(current.upper, next.upper) };
}

function around(estimate: number, halfWidth: number): Interval {
  return { lower: estimate - halfWidth, upper: estimate + halfWidth };
}

function isEmpty(interval: Interval | null): boolean {
  return interval !== null && interval.lower > interval.upper;
}

/** The interval both parts allow, or the horizon's alone in the rare case (a badly wrong model) where they do not meet. */
function combine(sequence: Interval | null, horizon: Interval | null): Interval | null {
  if (sequence === null) return horizon;
  if (horizon === null) return sequence;
  const both = intersect(sequence, horizon);
  return isEmpty(both) ? horizon : both;
}

/**
 * The decision after a series of looks (in order, each cumulative), for one variant against
 * control. At each look the confidence sequence at 1% gives an interval; the running intersection
 * of them is kept, and its p-value is the smallest 1 / Λ so far. At the first look where both
 * variants have `plannedPlayersPerVariant` players, a fixed-horizon z-test at 4% is made once, and
 * its interval is kept beside the sequence's from then on.
 */
export function sequentialDecision(looks: readonly Look[], plannedPlayersPerVariant: number): SequentialDecision {
  if (!(plannedPlayersPerVariant >= 2)) throw new RangeError(`the planned players per variant must be at least 2, got ${plannedPlayersPerVariant}`);
  const horizonZ = normalQuantile(1 - HORIZON_ALPHA / 2);
  let sequenceP = 1;
  let sequenceAbsolute: Interval | null = null;
  let sequenceRelative: Interval | null = null;
  let horizon: { p: number; absolute: Interval; relative: Interval | null } | null = null;
  let counted = 0;
  for (const { control, treatment } of looks) {
    if (!canCompare(control, treatment)) continue;
    const variance = differenceVariance(control, treatment);
    if (!(variance > 0)) continue;
    counted += 1;
    const error = Math.sqrt(variance);
    const difference = treatment.mean - control.mean;
    const ratio = mixingRatioAt(control, treatment, plannedPlayersPerVariant);
    const multiplier = sequenceMultiplier(ratio, SEQUENCE_ALPHA);
    sequenceP = Math.min(sequenceP, 1 / mixtureLikelihoodRatio(difference / error, ratio));
    sequenceAbsolute = intersect(sequenceAbsolute, around(difference, multiplier * error));
    const relativeError = control.mean === 0 ? null : relativeStandardError(control, treatment);
    const relative = relativeError === null ? null : treatment.mean / control.mean - 1;
    if (relative !== null && relativeError !== null) sequenceRelative = intersect(sequenceRelative, around(relative, multiplier * relativeError));
    if (horizon === null && Math.min(control.players, treatment.players) >= plannedPlayersPerVariant) {
      horizon = {
        p: twoSidedNormalPValue(difference / error),
        absolute: around(difference, horizonZ * error),
        relative: relative === null || relativeError === null ? null : around(relative, horizonZ * relativeError),
      };
    }
  }
  const pValue = Math.min(1, sequenceP / (SEQUENCE_ALPHA / DECISION_ALPHA), horizon === null ? 1 : horizon.p / (HORIZON_ALPHA / DECISION_ALPHA));
  return {
    pValue,
    significant: pValue <= DECISION_ALPHA,
    absolute: combine(sequenceAbsolute, horizon?.absolute ?? null),
    relative: combine(sequenceRelative, horizon?.relative ?? null),
    plannedSizeReached: horizon !== null,
    looks: counted,
  };
}
