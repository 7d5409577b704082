import { describe, expect, it } from 'vitest';
import { compareVariants, meanMoments } from './experiments-compare';
import { REVENUE_WINSORISATION_PERCENTILE, winsorisationCap, winsorise, winsorisedSums } from './experiments-winsorise';
import { seededRandom } from './experiments.test-support';

describe('winsorisationCap (nearest rank, as percentile_disc)', () => {
  it.each([
    [Array.from({ length: 1000 }, (_, index) => index + 1), 99.9, 999],
    [Array.from({ length: 1000 }, (_, index) => index + 1), 100, 1000],
    [Array.from({ length: 10 }, (_, index) => index + 1), 50, 5],
    [Array.from({ length: 10 }, (_, index) => index + 1), 55, 6],
    [[7, 3, 9, 1], 99.9, 9],
    [[5], 99.9, 5],
  ])('of %j at the %fth percentile is %f', (values, percentile, cap) => {
    expect(winsorisationCap(values, percentile)).toBe(cap);
  });

  it('caps nothing when the percentile is 0 (at most one player in a thousand spent) or there are no players', () => {
    const mostlyZero = [...Array.from({ length: 1999 }, () => 0), 50];
    expect(winsorisationCap(mostlyZero)).toBeNull();
    expect(winsorisationCap([])).toBeNull();
    expect(winsorise(50, null)).toBe(50);
  });

  it('refuses a percentile outside (0, 100]', () => {
    expect(() => winsorisationCap([1], 0)).toThrow(RangeError);
    expect(() => winsorisationCap([1], 101)).toThrow(RangeError);
  });

  it('sums the capped values', () => {
    expect(winsorisedSums([1, 5, 20], 10)).toEqual({ players: 3, sum: 16, sumOfSquares: 1 + 25 + 100 });
  });
});

describe('why revenue is winsorised', () => {
  // Two variants of 20,000 players with no true difference: 5% pay, and a payer's spend is Pareto
  // (shape 1.2, minimum 1): a few whales spend thousands.
  function spend(seed: number): number[][] {
    const random = seededRandom(seed);
    return [0, 1].map(() => Array.from({ length: 20_000 }, () => (random.uniform() < 0.05 ? (1 - random.uniform()) ** (-1 / 1.2) : 0)));
  }
  const moments = (values: number[], cap: number | null) => {
    const sums = winsorisedSums(values, cap);
    return meanMoments(sums.players, sums.sum, sums.sumOfSquares);
  };

  it('narrows the interval several times over on heavy-tailed spend', () => {
    const [control, treatment] = spend(99);
    const cap = winsorisationCap([...control!, ...treatment!], REVENUE_WINSORISATION_PERCENTILE);
    expect(cap).not.toBeNull();
    const raw = compareVariants(moments(control!, null), moments(treatment!, null)).absolute.standardError;
    const capped = compareVariants(moments(control!, cap), moments(treatment!, cap)).absolute.standardError;
    expect(capped).toBeLessThan(raw / 2);
  });

  it('keeps one whale from deciding the result', () => {
    const [control, treatment] = spend(5);
    const whale = [...treatment!.slice(1), 100_000];
    const pooled = [...control!, ...whale];
    const cap = winsorisationCap(pooled);
    const difference = (values: number[], capAt: number | null) => moments(values, capAt).mean - moments(control!, capAt).mean;
    // Raw, the whale adds 5 to the revenue per player of its variant; capped, at most cap / 20,000.
    expect(difference(whale, null) - difference(treatment!, null)).toBeGreaterThan(4.9);
    expect(difference(whale, cap) - difference(treatment!, cap)).toBeLessThanOrEqual(cap! / 20_000 + 1e-12);
  });
});
