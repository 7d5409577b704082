import { describe, expect, it } from 'vitest';
import { compareVariants, meanMoments } from './experiments-compare';
import { addPlayer, cupedMoments, EMPTY_CUPED_SUMS, fitCuped, unadjustedMoments, type CupedSums } from './experiments-cuped';
import { sequentialDecision } from './experiments-sequential';
import { seededRandom } from './experiments.test-support';

/** Players of two variants: Y = effect + ρX + √(1 − ρ²)ε with X, ε standard normal; a share has no history. */
function simulate(options: { seed: number; players: number; correlation: number; effect: number; withoutHistory: number; newcomerShift: number }) {
  const random = seededRandom(options.seed);
  const rows: { variant: number; y: number; x: number | null }[] = [];
  for (let index = 0; index < 2 * options.players; index += 1) {
    const variant = index % 2;
    const x = random.normal();
    const noise = random.normal();
    const hasHistory = random.uniform() >= options.withoutHistory;
    const y = variant * options.effect + options.correlation * x + Math.sqrt(1 - options.correlation ** 2) * noise + (hasHistory ? 0 : options.newcomerShift);
    rows.push({ variant, y, x: hasHistory ? x : null });
  }
  const sums: [CupedSums, CupedSums] = [EMPTY_CUPED_SUMS, EMPTY_CUPED_SUMS];
  for (const row of rows) sums[row.variant] = addPlayer(sums[row.variant as 0 | 1], row.y, row.x);
  return { rows, sums };
}

describe('CUPED', () => {
  it('narrows the interval by about √(1 − ρ²) on data with a pre-period correlation of 0.5', () => {
    const { sums } = simulate({ seed: 2013, players: 20_000, correlation: 0.5, effect: 0.05, withoutHistory: 0, newcomerShift: 0 });
    const adjustment = fitCuped(sums);
    expect(adjustment.theta).toBeCloseTo(0.5, 1);
    const plain = compareVariants(unadjustedMoments(sums[0]), unadjustedMoments(sums[1]));
    const cuped = compareVariants(cupedMoments(sums[0], adjustment), cupedMoments(sums[1], adjustment));
    const ratio = cuped.absolute.standardError / plain.absolute.standardError;
    expect(Math.abs(ratio - Math.sqrt(1 - 0.25))).toBeLessThan(0.01);
    // The estimate stays on the metric's scale and near the true effect.
    expect(cuped.absolute.estimate).toBeCloseTo(0.05, 1);
    // The always-valid interval narrows by the same ratio.
    const width = (decision: ReturnType<typeof sequentialDecision>) => decision.absolute!.upper - decision.absolute!.lower;
    const plainDecision = sequentialDecision([{ control: unadjustedMoments(sums[0]), treatment: unadjustedMoments(sums[1]) }], 40_000);
    const cupedDecision = sequentialDecision([{ control: cupedMoments(sums[0], adjustment), treatment: cupedMoments(sums[1], adjustment) }], 40_000);
    expect(width(cupedDecision) / width(plainDecision)).toBeCloseTo(ratio, 6);
  });

  it('gives the moments of Y − θ(X − X̄) − γ(H − H̄) computed player by player, with θ and γ the least-squares fit', () => {
    const { rows, sums } = simulate({ seed: 7, players: 500, correlation: 0.6, effect: 0.2, withoutHistory: 0.3, newcomerShift: 1.5 });
    const adjustment = fitCuped(sums);
    // Least squares of Y on (1, X, H) by the normal equations.
    const design = rows.map((row) => [1, row.x ?? 0, row.x === null ? 0 : 1]);
    const xtx = [0, 1, 2].map((i) => [0, 1, 2].map((j) => design.reduce((sum, d) => sum + d[i]! * d[j]!, 0)));
    const xty = [0, 1, 2].map((i) => design.reduce((sum, d, index) => sum + d[i]! * rows[index]!.y, 0));
    const solve = (m: number[][], v: number[]) => {
      const a = m.map((row, index) => [...row, v[index]!]);
      for (let col = 0; col < 3; col += 1) {
        for (let row = 0; row < 3; row += 1) {
          if (row === col) continue;
          const factor = a[row]![col]! / a[col]![col]!;
          for (let k = col; k < 4; k += 1) a[row]![k]! -= factor * a[col]![k]!;
        }
      }
      return a.map((row, index) => row[3]! / row[index]!);
    };
    const [, theta, gamma] = solve(xtx, xty);
    expect(adjustment.theta).toBeCloseTo(theta!, 10);
    expect(adjustment.gamma).toBeCloseTo(gamma!, 10);
    const meanX = rows.reduce((sum, row) => sum + (row.x ?? 0), 0) / rows.length;
    const meanH = rows.filter((row) => row.x !== null).length / rows.length;
    for (const variant of [0, 1] as const) {
      const adjusted = rows
        .filter((row) => row.variant === variant)
        .map((row) => row.y - theta! * ((row.x ?? 0) - meanX) - gamma! * ((row.x === null ? 0 : 1) - meanH));
      const direct = meanMoments(adjusted.length, adjusted.reduce((s, v) => s + v, 0), adjusted.reduce((s, v) => s + v * v, 0));
      const fromSums = cupedMoments(sums[variant], adjustment);
      expect(fromSums.players).toBe(direct.players);
      expect(fromSums.mean).toBeCloseTo(direct.mean, 10);
      expect(fromSums.variance).toBeCloseTo(direct.variance, 10);
    }
  });

  it('uses the indicator for players without history: newcomers who differ cost less variance than with X = 0 alone', () => {
    const { sums } = simulate({ seed: 11, players: 10_000, correlation: 0.5, effect: 0, withoutHistory: 0.4, newcomerShift: 2 });
    const adjustment = fitCuped(sums);
    const withIndicator = cupedMoments(sums[0], adjustment).variance;
    const withoutIndicator = cupedMoments(sums[0], { ...adjustment, gamma: 0 }).variance;
    expect(adjustment.gamma).toBeCloseTo(-2, 1);
    expect(withIndicator).toBeLessThan(withoutIndicator * 0.6);
  });

  it('changes nothing when no player has history', () => {
    const { sums } = simulate({ seed: 3, players: 200, correlation: 0.5, effect: 0.1, withoutHistory: 1, newcomerShift: 0 });
    const adjustment = fitCuped(sums);
    expect(adjustment).toEqual({ theta: 0, gamma: 0, meanX: 0, meanH: 0 });
    const adjusted = cupedMoments(sums[1], adjustment);
    const plain = unadjustedMoments(sums[1]);
    expect(adjusted.mean).toBeCloseTo(plain.mean, 12);
    expect(adjusted.variance).toBeCloseTo(plain.variance, 12);
  });

  it('keeps the decision valid when θ and γ are re-fitted at every look (400 A/A experiments, 20 daily looks)', () => {
    const random = seededRandom(2024);
    let declared = 0;
    for (let run = 0; run < 400; run += 1) {
      const sums: CupedSums[] = [EMPTY_CUPED_SUMS, EMPTY_CUPED_SUMS];
      const looks = [];
      for (let day = 1; day <= 20; day += 1) {
        for (const variant of [0, 1] as const) {
          for (let player = 0; player < 30; player += 1) {
            const x = random.normal();
            const hasHistory = random.uniform() < 0.7;
            sums[variant] = addPlayer(sums[variant]!, 0.5 * x + 0.87 * random.normal() + (hasHistory ? 0 : 1), hasHistory ? x : null);
          }
        }
        const adjustment = fitCuped(sums);
        looks.push({ control: cupedMoments(sums[0]!, adjustment), treatment: cupedMoments(sums[1]!, adjustment) });
      }
      if (sequentialDecision(looks, 300).significant) declared += 1;
    }
    expect(declared / 400).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 400));
  });

  it('sets θ = 0 when the history has no spread', () => {
    let sums = EMPTY_CUPED_SUMS;
    for (const y of [1, 2, 3, 4]) sums = addPlayer(sums, y, 5);
    expect(fitCuped([sums]).theta).toBe(0);
  });
});
