import { describe, expect, it } from 'vitest';
import { meanMoments, proportionMoments, type VariantMoments } from './experiments-compare';
import { twoSidedNormalPValue } from './experiments-distributions';
import {
  HORIZON_ALPHA,
  mixtureLikelihoodRatio,
  optimalMixingRatio,
  SEQUENCE_ALPHA,
  sequenceMultiplier,
  sequentialDecision,
  type Look,
} from './experiments-sequential';
import { seededRandom } from './experiments.test-support';

/** Moments with a chosen mean and variance, so a look can be built to a chosen z. */
const moments = (players: number, mean: number, variance = 0.25): VariantMoments => ({ players, mean, variance });
/** A look whose difference is `z` standard errors (0.25 variance per player in both variants). */
const lookAt = (players: number, z: number): Look => {
  const error = Math.sqrt(0.5 / players);
  return { control: moments(players, 0.5), treatment: moments(players, 0.5 + z * error) };
};

describe('the normal mixture', () => {
  it('has the likelihood ratio its definition integrates to', () => {
    // Λ(z) = ∫ exp(δz − δ²/2) N(δ; 0, r) dδ, the mSPRT's mixture with δ in standard errors (Simpson's rule).
    const integrate = (z: number, r: number) => {
      const steps = 20_000;
      const width = 40 * Math.sqrt(r);
      const h = (2 * width) / steps;
      let sum = 0;
      for (let step = 0; step <= steps; step += 1) {
        const delta = -width + step * h;
        const weight = step === 0 || step === steps ? 1 : step % 2 === 1 ? 4 : 2;
        sum += weight * Math.exp(delta * z - (delta * delta) / 2 - (delta * delta) / (2 * r)) / Math.sqrt(2 * Math.PI * r);
      }
      return (sum * h) / 3;
    };
    for (const [z, r] of [[0, 1], [1.5, 0.3], [2.5, 8.2], [4, 11.8], [-3, 2]] as const) {
      expect(mixtureLikelihoodRatio(z, r) / integrate(z, r)).toBeCloseTo(1, 8);
    }
  });

  it('is narrowest at the optimal mixing ratio, which Howard et al.’s closed form approximates', () => {
    for (const alpha of [0.05, SEQUENCE_ALPHA, 0.001]) {
      const c = 2 * Math.log(1 / alpha);
      const r = optimalMixingRatio(alpha);
      expect(r).toBeCloseTo(c + Math.log(1 + r), 10);
      const best = sequenceMultiplier(r, alpha);
      // Their first step, 2 ln(1/α) + ln(1 + 2 ln(1/α)), is within 4% of the root and 0.1% of its width.
      const closedForm = c + Math.log(1 + c);
      expect(Math.abs(r / closedForm - 1)).toBeLessThan(0.04);
      expect(sequenceMultiplier(closedForm, alpha) / best - 1).toBeLessThan(0.001);
      for (const factor of [0.5, 0.9, 1.1, 2]) expect(sequenceMultiplier(r * factor, alpha)).toBeGreaterThan(best);
    }
    // At α = 1%, the narrowest sequence is ±3.57 standard errors where a single look needs ±2.58.
    expect(sequenceMultiplier(optimalMixingRatio(SEQUENCE_ALPHA), SEQUENCE_ALPHA)).toBeCloseTo(3.572, 3);
  });

  it('excludes a value from the interval exactly when 1 / Λ at it is at most α', () => {
    const r = 3;
    const edge = sequenceMultiplier(r, SEQUENCE_ALPHA);
    expect(1 / mixtureLikelihoodRatio(edge, r)).toBeCloseTo(SEQUENCE_ALPHA, 12);
    expect(1 / mixtureLikelihoodRatio(edge * 0.99, r)).toBeGreaterThan(SEQUENCE_ALPHA);
  });
});

describe('sequentialDecision', () => {
  const planned = 1000;

  it('gives no interval before a look can be compared', () => {
    const decision = sequentialDecision([{ control: moments(1, 0.5), treatment: moments(5, 0.5) }, { control: moments(10, 0, 0), treatment: moments(10, 0, 0) }], planned);
    expect(decision).toEqual({ pValue: 1, significant: false, absolute: null, relative: null, plannedSizeReached: false, looks: 0 });
  });

  it('decides early only beyond the confidence sequence', () => {
    // At 500 players a variant (r = r* / 2) the sequence needs |z| above its multiplier.
    const multiplier = sequenceMultiplier(optimalMixingRatio(SEQUENCE_ALPHA) / 2, SEQUENCE_ALPHA);
    const inside = sequentialDecision([lookAt(500, multiplier - 0.01)], planned);
    const outside = sequentialDecision([lookAt(500, multiplier + 0.01)], planned);
    expect([inside.significant, outside.significant]).toEqual([false, true]);
    expect(inside.absolute!.lower).toBeLessThan(0);
    expect(outside.absolute!.lower).toBeGreaterThan(0);
    expect(outside.pValue).toBeCloseTo((1 / mixtureLikelihoodRatio(multiplier + 0.01, optimalMixingRatio(SEQUENCE_ALPHA) / 2)) * 5, 12);
  });

  it('makes the fixed-horizon test once, at the first look with the planned players, at 4%', () => {
    const significantThen = sequentialDecision([lookAt(500, 1), lookAt(1000, 2.2)], planned);
    expect(significantThen.plannedSizeReached).toBe(true);
    expect(significantThen.pValue).toBeCloseTo(twoSidedNormalPValue(2.2) / (HORIZON_ALPHA / 0.05), 12);
    expect(significantThen.significant).toBe(true);
    expect(significantThen.absolute!.lower).toBeGreaterThan(0);
    // A z of 2.2 after the planned look is not tested again at 4%: the sequence alone can decide then.
    const notThen = sequentialDecision([lookAt(1000, 1), lookAt(1200, 2.2)], planned);
    expect(notThen.significant).toBe(false);
    expect(notThen.pValue).toBeCloseTo(twoSidedNormalPValue(1) / 0.8, 12);
  });

  it('keeps what it declared: the interval is the running intersection and the p-value the running minimum', () => {
    const decision = sequentialDecision([lookAt(500, 4.5), lookAt(700, 0.5)], planned);
    expect(decision.significant).toBe(true);
    expect(decision.absolute!.lower).toBeGreaterThan(0);
    expect(decision.looks).toBe(2);
  });

  it('gives the relative difference the same multiplier over its delta-method error', () => {
    const look: Look = { control: proportionMoments(2000, 400), treatment: proportionMoments(2000, 480) };
    const decision = sequentialDecision([look], 2000);
    const absoluteHalf = (decision.absolute!.upper - decision.absolute!.lower) / 2;
    const relativeHalf = (decision.relative!.upper - decision.relative!.lower) / 2;
    const absoluteError = Math.sqrt((0.2 * 0.8 + 0.24 * 0.76) / 2000);
    const relativeError = Math.sqrt((0.24 * 0.76) / (2000 * 0.04) + (0.0576 * 0.16) / (2000 * 0.2 ** 4));
    expect(relativeHalf / relativeError).toBeCloseTo(absoluteHalf / absoluteError, 10);
    expect((decision.relative!.upper + decision.relative!.lower) / 2).toBeCloseTo(0.2, 12);
  });

  it('refuses a planned size below two players', () => {
    expect(() => sequentialDecision([], 1)).toThrow(RangeError);
  });
});

/** Daily looks at a D1-retention experiment: `perDay` new players a variant each day. */
function retentionRuns(options: { seed: number; runs: number; days: number; perDay: number; control: number; treatment: number; planned: number }) {
  const random = seededRandom(options.seed);
  const drawControl = random.binomialSampler(options.perDay, options.control);
  const drawTreatment = random.binomialSampler(options.perDay, options.treatment);
  const results = [];
  for (let run = 0; run < options.runs; run += 1) {
    const looks: Look[] = [];
    let retainedControl = 0;
    let retainedTreatment = 0;
    for (let day = 1; day <= options.days; day += 1) {
      retainedControl += drawControl();
      retainedTreatment += drawTreatment();
      const players = day * options.perDay;
      looks.push({ control: proportionMoments(players, retainedControl), treatment: proportionMoments(players, retainedTreatment) });
    }
    // What a naive reader does: a fixed 5% z-test every day.
    const peeked = looks.some(({ control, treatment }) => {
      const error = Math.sqrt(control.variance / control.players + treatment.variance / treatment.players);
      return twoSidedNormalPValue((treatment.mean - control.mean) / error) < 0.05;
    });
    results.push({ decision: sequentialDecision(looks, options.planned), peeked });
  }
  return results;
}

describe('simulations (seeded)', () => {
  it('over 1,000 A/A experiments checked every day, at most 5% (plus binomial noise) are ever declared different', () => {
    // 40% D1 retention in both; 358 players a variant a day; planned 5,000 (day 14), watched to day 28.
    const runs = retentionRuns({ seed: 20_261_127, runs: 1000, days: 28, perDay: 358, control: 0.4, treatment: 0.4, planned: 5000 });
    const declared = runs.filter((run) => run.decision.significant).length / runs.length;
    const noise = 2 * Math.sqrt((0.05 * 0.95) / runs.length);
    expect(declared).toBeLessThanOrEqual(0.05 + noise);
    // The simulation can tell: a 5% test read every day declares a difference in about a quarter of them.
    expect(runs.filter((run) => run.peeked).length / runs.length).toBeGreaterThan(0.2);
  });

  it('detects a 3-point lift on 40% D1 retention with 5,000 players a variant in at least 80% of runs', () => {
    const runs = retentionRuns({ seed: 16, runs: 1000, days: 14, perDay: 358, control: 0.4, treatment: 0.43, planned: 5000 });
    const detected = runs.filter((run) => run.decision.significant && run.decision.absolute!.lower > 0).length / runs.length;
    expect(detected).toBeGreaterThanOrEqual(0.8);
    // And the always-valid interval misses the true lift in at most 5% (plus noise) of them.
    const missed = runs.filter(({ decision }) => decision.absolute!.lower > 0.03 || decision.absolute!.upper < 0.03).length / runs.length;
    expect(missed).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / runs.length));
  });

  it('stays valid on a heavy-tailed mean metric (log-normal spend, 500 A/A experiments of 50 players a variant a day, 20 daily looks)', () => {
    const random = seededRandom(2013);
    let declared = 0;
    for (let run = 0; run < 500; run += 1) {
      const sums = [0, 0].map(() => ({ players: 0, sum: 0, sumOfSquares: 0 }));
      const looks: Look[] = [];
      for (let day = 1; day <= 20; day += 1) {
        for (const variant of sums) {
          for (let player = 0; player < 50; player += 1) {
            const spend = Math.exp(random.normal());
            variant.players += 1;
            variant.sum += spend;
            variant.sumOfSquares += spend * spend;
          }
        }
        const [control, treatment] = sums.map((variant) => meanMoments(variant.players, variant.sum, variant.sumOfSquares));
        looks.push({ control: control!, treatment: treatment! });
      }
      if (sequentialDecision(looks, 500).significant) declared += 1;
    }
    expect(declared / 500).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 500));
  });
});
