import { describe, expect, it } from 'vitest';
import { twoSidedNormalPValue } from './experiments-distributions';
import { meanSampleSize, proportionSampleSize } from './experiments-sample-size';
import { seededRandom } from './experiments.test-support';

const textbook = { alpha: 0.05, power: 0.8 };

describe('proportionSampleSize', () => {
  it('gives the worked example of Chow, Shao and Wang (2008, p. 89): 65% against 85% needs 70 a group', () => {
    // (z₀.₉₇₅ + z₀.₈)² (0.65 · 0.35 + 0.85 · 0.15) / 0.2² = 69.66, rounded up (as powerandsamplesize.com reproduces it).
    expect(proportionSampleSize(0.65, 0.2, textbook)).toBe(70);
  });

  it.each([
    // baseline, absolute effect, players per variant at α 5% and power 80% (rounded up)
    [0.2, 0.05, 1091], // 1090.99
    [0.4, 0.03, 4231], // 4230.55
    [0.05, 0.01, 8155], // 8154.99
    [0.1, -0.02, 3211], // 3210.19
  ])('baseline %f, effect %f: %i per variant', (baseline, effect, players) => {
    expect(proportionSampleSize(baseline, effect, textbook)).toBe(players);
  });

  it('plans at the 4% the planned-size test uses by default, so its power stays 80%', () => {
    expect(proportionSampleSize(0.4, 0.03)).toBe(4519); // 4518.53
    expect(proportionSampleSize(0.4, 0.03)).toBe(proportionSampleSize(0.4, 0.03, { alpha: 0.04, power: 0.8 }));
  });

  it('gives 80% power at the size it returns (seeded simulation of 4,000 z-tests)', () => {
    const players = proportionSampleSize(0.2, 0.05, textbook);
    const random = seededRandom(1031);
    const control = random.binomialSampler(players, 0.2);
    const treatment = random.binomialSampler(players, 0.25);
    let detected = 0;
    for (let run = 0; run < 4000; run += 1) {
      const a = control() / players;
      const b = treatment() / players;
      const error = Math.sqrt((a * (1 - a) + b * (1 - b)) / players);
      if (twoSidedNormalPValue((b - a) / error) < 0.05) detected += 1;
    }
    expect(Math.abs(detected / 4000 - 0.8)).toBeLessThan(2.5 * Math.sqrt((0.8 * 0.2) / 4000));
  });

  it('refuses rates and effects outside (0, 1)', () => {
    expect(() => proportionSampleSize(0, 0.1)).toThrow(RangeError);
    expect(() => proportionSampleSize(0.95, 0.1)).toThrow(RangeError);
    expect(() => proportionSampleSize(0.5, 0)).toThrow(RangeError);
    expect(() => proportionSampleSize(0.5, 0.1, { alpha: 1.2 })).toThrow(RangeError);
  });
});

describe('meanSampleSize', () => {
  it('gives the textbook n = 2σ²(z₀.₉₇₅ + z₀.₈)²/δ²: σ = 10, δ = 5 needs 63 a group', () => {
    expect(meanSampleSize(10, 5, textbook)).toBe(63); // 62.79
    expect(meanSampleSize(1, 0.2, textbook)).toBe(393); // 392.4
  });

  it("agrees with Lehr's rule of thumb, 16σ²/δ², within 2%", () => {
    for (const [sigma, effect] of [[1, 0.1], [30, 2], [5, 0.5]] as const) {
      expect(Math.abs(meanSampleSize(sigma, effect, textbook) / ((16 * sigma ** 2) / effect ** 2) - 1)).toBeLessThan(0.02);
    }
  });

  it('refuses a standard deviation or an effect that cannot size anything', () => {
    expect(() => meanSampleSize(0, 1)).toThrow(RangeError);
    expect(() => meanSampleSize(1, 0)).toThrow(RangeError);
  });
});
