// docs/product/experiments.md#sample-size and ADR 025: the players each variant needs for the planned
// (fixed-horizon) test to detect a chosen minimum detectable effect.
import { normalQuantile } from './experiments-distributions';
import { HORIZON_ALPHA } from './experiments-sequential';

/** The power the planned sample size gives against the minimum detectable effect. */
export const PLANNED_POWER = 0.8;

export interface SampleSizeOptions {
  /** Two-sided significance level; the product plans at HORIZON_ALPHA, the level its planned-size test uses. */
  alpha?: number;
  power?: number;
}

function quantiles(options: SampleSizeOptions): { zAlpha: number; zBeta: number } {
  const alpha = options.alpha ?? HORIZON_ALPHA;
  const power = options.power ?? PLANNED_POWER;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be between 0 and 1, got ${power}`);
  return { zAlpha: normalQuantile(1 - alpha / 2), zBeta: normalQuantile(power) };
}

/**
 * Players per variant for a proportion metric with control rate `baseline` and an absolute
 * minimum detectable effect `effect` (0.03 = 3 points), rounded up:
 * n = (z₁₋α/₂ + z₁₋β)² (p(1 − p) + q(1 − q)) / δ², with p the baseline and q = p + δ. The variance
 * is unpooled, as in the test the decision makes (Chow, Shao and Wang, Sample Size Calculations in
 * Clinical Research, the two-sample test of equality of proportions).
 */
export function proportionSampleSize(baseline: number, effect: number, options: SampleSizeOptions = {}): number {
  const treated = baseline + effect;
  if (!(baseline > 0 && baseline < 1)) throw new RangeError(`the baseline rate must be between 0 and 1, got ${baseline}`);
  if (effect === 0 || !(treated > 0 && treated < 1)) throw new RangeError(`the effect must be non-zero and keep the rate between 0 and 1, got ${effect}`);
  const { zAlpha, zBeta } = quantiles(options);
  return Math.ceil(((zAlpha + zBeta) ** 2 * (baseline * (1 - baseline) + treated * (1 - treated))) / (effect * effect));
}

/**
 * Players per variant for a mean metric with per-player standard deviation `standardDeviation` and
 * an absolute minimum detectable effect `effect`, rounded up: n = 2 σ² (z₁₋α/₂ + z₁₋β)² / δ².
 */
export function meanSampleSize(standardDeviation: number, effect: number, options: SampleSizeOptions = {}): number {
  if (!(standardDeviation > 0)) throw new RangeError(`the standard deviation must be above 0, got ${standardDeviation}`);
  if (effect === 0 || !Number.isFinite(effect)) throw new RangeError(`the effect must be a non-zero number, got ${effect}`);
  const { zAlpha, zBeta } = quantiles(options);
  return Math.ceil((2 * standardDeviation ** 2 * (zAlpha + zBeta) ** 2) / (effect * effect));
}
