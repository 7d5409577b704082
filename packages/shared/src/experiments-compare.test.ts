import { describe, expect, it } from 'vitest';
import { compareVariants, meanMoments, pooledMoments, proportionMoments, relativeStandardError } from './experiments-compare';
import { seededRandom } from './experiments.test-support';

describe('moments', () => {
  it('reads a proportion as its rate with the Bernoulli variance', () => {
    expect(proportionMoments(1000, 200)).toEqual({ players: 1000, mean: 0.2, variance: 0.2 * 0.8 });
    expect(proportionMoments(0, 0)).toEqual({ players: 0, mean: 0, variance: 0 });
    expect(() => proportionMoments(10, 11)).toThrow(RangeError);
    expect(() => proportionMoments(10.5, 1)).toThrow(RangeError);
  });

  it('reads a mean from the count, the sum and the sum of squares (sample variance)', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32 / 7.
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    const result = meanMoments(values.length, 40, values.reduce((sum, value) => sum + value * value, 0));
    expect(result.mean).toBe(5);
    expect(result.variance).toBeCloseTo(32 / 7, 12);
    expect(meanMoments(1, 3, 9)).toEqual({ players: 1, mean: 3, variance: 0 });
    expect(meanMoments(3, 0.3, 0.03).variance).toBeGreaterThanOrEqual(0);
  });

  it('pools variants as one group', () => {
    const a = [1, 2, 3, 10];
    const b = [4, 4, 8];
    const sums = (values: number[]) => meanMoments(values.length, values.reduce((s, v) => s + v, 0), values.reduce((s, v) => s + v * v, 0));
    const pooled = pooledMoments([sums(a), sums(b)]);
    const all = sums([...a, ...b]);
    expect(pooled.players).toBe(all.players);
    expect(pooled.mean).toBeCloseTo(all.mean, 12);
    expect(pooled.variance).toBeCloseTo(all.variance, 12);
  });
});

describe('compareVariants', () => {
  it('gives the worked example: 200 of 1,000 against 250 of 1,000', () => {
    // Difference 0.05, standard error √(0.2·0.8/1000 + 0.25·0.75/1000) = 0.0186414; 95%: ±1.95996 of it.
    // Relative 25%, delta-method error √(0.25·0.75/(1000·0.04) + 0.0625·0.16/(1000·0.0016)) = 0.1045825.
    const result = compareVariants(proportionMoments(1000, 200), proportionMoments(1000, 250));
    expect(result.absolute.estimate).toBeCloseTo(0.05, 12);
    expect(result.absolute.standardError).toBeCloseTo(0.018641351, 8);
    expect(result.absolute.interval.lower).toBeCloseTo(0.0134636, 7);
    expect(result.absolute.interval.upper).toBeCloseTo(0.0865364, 7);
    expect(result.relative!.estimate).toBeCloseTo(0.25, 12);
    expect(result.relative!.standardError).toBeCloseTo(0.10458250, 7);
    expect(result.control.interval.lower).toBeCloseTo(0.2 - 1.959963984540054 * Math.sqrt(0.16 / 1000), 12);
  });

  it('has no relative difference when the control mean is 0, and needs two players a variant', () => {
    expect(compareVariants(proportionMoments(100, 0), proportionMoments(100, 3)).relative).toBeNull();
    expect(() => compareVariants(proportionMoments(1, 0), proportionMoments(100, 3))).toThrow(RangeError);
    expect(() => compareVariants(proportionMoments(10, 0), proportionMoments(10, 3), 1)).toThrow(RangeError);
  });

  it('widens with the confidence asked for', () => {
    const at = (confidence: number) => compareVariants(proportionMoments(1000, 200), proportionMoments(1000, 250), confidence).absolute.interval;
    expect(at(0.99).lower).toBeLessThan(at(0.95).lower);
  });

  it('has a delta-method error that matches the spread of the relative difference in a seeded simulation', () => {
    // Revenue-like means (exponential, mean 2 against 2.2) with 1,000 players a variant, 1,500 times.
    const random = seededRandom(42);
    const relatives: number[] = [];
    const errors: number[] = [];
    for (let run = 0; run < 1500; run += 1) {
      const [control, treatment] = [2, 2.2].map((mean) => {
        let sum = 0;
        let sumOfSquares = 0;
        for (let player = 0; player < 1000; player += 1) {
          const value = -mean * Math.log(1 - random.uniform());
          sum += value;
          sumOfSquares += value * value;
        }
        return meanMoments(1000, sum, sumOfSquares);
      });
      relatives.push(treatment!.mean / control!.mean - 1);
      errors.push(relativeStandardError(control!, treatment!));
    }
    const mean = relatives.reduce((sum, value) => sum + value, 0) / relatives.length;
    const spread = Math.sqrt(relatives.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (relatives.length - 1));
    const typicalError = errors.reduce((sum, value) => sum + value, 0) / errors.length;
    expect(mean).toBeCloseTo(0.1, 2);
    expect(Math.abs(typicalError / spread - 1)).toBeLessThan(0.06);
  });
});
