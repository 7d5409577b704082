import { describe, expect, it } from 'vitest';
import {
  chiSquaredCdf,
  chiSquaredSurvival,
  logGamma,
  normalCdf,
  normalQuantile,
  regularisedGammaP,
  regularisedGammaQ,
  twoSidedNormalPValue,
} from './experiments-distributions';

describe('normalQuantile (AS 241)', () => {
  // The z table (Abramowitz & Stegun 26.2, to the digits AS 241 gives).
  it.each([
    [0.5, 0],
    [0.8, 0.8416212335729143],
    [0.9, 1.2815515655446004],
    [0.95, 1.6448536269514722],
    [0.975, 1.959963984540054],
    [0.98, 2.053748910631823],
    [0.99, 2.3263478740408408],
    [0.995, 2.5758293035489004],
    [0.999, 3.090232306167813],
    [0.025, -1.959963984540054],
    [1e-10, -6.361340902404056],
    [1e-12, -7.034483825301131],
    [1e-20, -9.262340089798409],
    [1e-300, -37.0470962993612],
  ])('Φ⁻¹(%f) = %f', (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 13);
  });

  it('refuses p outside (0, 1)', () => {
    for (const p of [0, 1, -0.1, Number.NaN]) expect(() => normalQuantile(p)).toThrow(RangeError);
  });
});

describe('normalCdf', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [3, 0.9986501019683699],
    [-5, 2.866515718791933e-7],
    [-10, 7.61985302416047e-24],
  ])('Φ(%f) = %g', (z, p) => {
    expect(Math.abs(normalCdf(z) - p) / p).toBeLessThan(1e-12);
  });

  it('inverts normalQuantile', () => {
    for (const p of [1e-8, 0.001, 0.2, 0.5, 0.7, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 14);
  });

  it('gives two-sided p-values without losing small tails', () => {
    expect(twoSidedNormalPValue(1.959963984540054)).toBeCloseTo(0.05, 14);
    expect(twoSidedNormalPValue(-1.959963984540054)).toBeCloseTo(0.05, 14);
    expect(twoSidedNormalPValue(10) / 1.523970604832094e-23).toBeCloseTo(1, 10);
  });
});

describe('the regularised incomplete gamma', () => {
  it.each([
    [0.5, 0.1, 0.34527915398142317],
    [3, 2, 0.32332358381693654],
    [10, 15, 0.9301463393005901],
    [100, 90, 0.15822098918643007],
  ])('P(%f, %f) = %f, and Q is its complement', (a, x, p) => {
    expect(regularisedGammaP(a, x)).toBeCloseTo(p, 12);
    expect(regularisedGammaQ(a, x)).toBeCloseTo(1 - p, 12);
  });

  it('matches the closed forms: P(1, x) = 1 − e^−x, and a far tail keeps its digits', () => {
    for (const x of [0.01, 0.5, 2, 10]) expect(regularisedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 14);
    expect(regularisedGammaQ(2.5, 30) / 1.2154569777183007e-11).toBeCloseTo(1, 9);
  });

  it('has ln Γ right at the known points', () => {
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 12);
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 13);
  });
});

describe('chiSquaredCdf', () => {
  // The chi-squared table's critical values (NIST/SEMATECH e-Handbook 1.3.6.7.4, to more digits).
  it.each([
    [3.841458820694124, 1, 0.95],
    [5.991464547107979, 2, 0.95],
    [7.814727903251178, 3, 0.95],
    [9.487729036781154, 4, 0.95],
    [11.070497693516351, 5, 0.95],
    [14.067140449340169, 7, 0.95],
    [18.307038053275146, 10, 0.95],
    [2.705543454095414, 1, 0.9],
    [6.6348966010212145, 1, 0.99],
    [10.827566170662733, 1, 0.999],
    [24.321886347856854, 7, 0.999],
  ])('χ² = %f with %i degrees of freedom: CDF %f', (x, degrees, p) => {
    expect(chiSquaredCdf(x, degrees)).toBeCloseTo(p, 12);
    expect(chiSquaredSurvival(x, degrees)).toBeCloseTo(1 - p, 12);
  });

  it('agrees with the normal for one degree of freedom and with 1 − e^(−x/2) for two', () => {
    for (const z of [0.5, 1, 2, 4]) expect(chiSquaredSurvival(z * z, 1)).toBeCloseTo(twoSidedNormalPValue(z), 14);
    for (const x of [0.3, 3, 30]) expect(chiSquaredCdf(x, 2)).toBeCloseTo(1 - Math.exp(-x / 2), 14);
    expect(chiSquaredCdf(0, 3)).toBe(0);
    expect(chiSquaredSurvival(0, 3)).toBe(1);
  });
});
