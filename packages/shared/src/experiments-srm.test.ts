import { describe, expect, it } from 'vitest';
import { chiSquaredSurvival } from './experiments-distributions';
import { sampleRatioCheck, SRM_P_VALUE_THRESHOLD } from './experiments-srm';

describe('sampleRatioCheck', () => {
  it('flags 48/52 over 20,000 players of a 50/50 experiment', () => {
    // χ² = 2 × 400² / 10,000 = 32, p = 1.54e-8.
    const check = sampleRatioCheck([9600, 10_400], [50, 50]);
    expect(check.chiSquared).toBeCloseTo(32, 12);
    expect(check.degreesOfFreedom).toBe(1);
    expect(check.pValue).toBeCloseTo(1.5417257900280013e-8, 20);
    expect(check.mismatch).toBe(true);
  });

  it('does not flag 50.3/49.7', () => {
    // χ² = 2 × 60² / 10,000 = 0.72, p = 0.396.
    const check = sampleRatioCheck([10_060, 9940], [50, 50]);
    expect(check.chiSquared).toBeCloseTo(0.72, 12);
    expect(check.pValue).toBeCloseTo(0.3961439091520741, 12);
    expect(check.mismatch).toBe(false);
  });

  it.each([
    // counts, weights, χ², degrees of freedom
    [[5000, 3000, 2000], [50, 30, 20], 0, 2],
    [[5100, 2950, 1950], [5, 3, 2], 2 + 2500 / 3000 + 1.25, 2],
    [[100, 100, 100, 100], [1, 1, 1, 1], 0, 3],
    [[900, 1100], [1, 1], 20, 1],
  ])('counts %j against weights %j: χ² %f with %i degrees of freedom', (observed, weights, chiSquared, degrees) => {
    const check = sampleRatioCheck(observed, weights);
    expect(check.chiSquared).toBeCloseTo(chiSquared, 10);
    expect(check.degreesOfFreedom).toBe(degrees);
    expect(check.pValue).toBeCloseTo(chiSquaredSurvival(chiSquared, degrees), 14);
    expect(check.mismatch).toBe(check.pValue < SRM_P_VALUE_THRESHOLD);
  });

  it('flags at p < 0.001 exactly', () => {
    // χ² of 10.8276 with one degree of freedom is p = 0.001: just above is flagged, just below is not.
    const counts = (gap: number) => [10_000 - gap, 10_000 + gap];
    expect(sampleRatioCheck(counts(232), [1, 1]).mismatch).toBe(false); // χ² 10.7648
    expect(sampleRatioCheck(counts(233), [1, 1]).mismatch).toBe(true); // χ² 10.8578
  });

  it('treats a player in a variant of weight 0 as a mismatch, and no players as none', () => {
    expect(sampleRatioCheck([500, 500, 1], [1, 1, 0])).toMatchObject({ pValue: 0, mismatch: true });
    expect(sampleRatioCheck([500, 510, 0], [1, 1, 0])).toMatchObject({ degreesOfFreedom: 1, mismatch: false });
    expect(sampleRatioCheck([0, 0], [1, 1])).toMatchObject({ pValue: 1, mismatch: false });
  });

  it('refuses what it cannot check', () => {
    expect(() => sampleRatioCheck([1], [1])).toThrow(RangeError);
    expect(() => sampleRatioCheck([1, 2], [1])).toThrow(RangeError);
    expect(() => sampleRatioCheck([1, 2], [0, 0])).toThrow(RangeError);
    expect(() => sampleRatioCheck([1.5, 2], [1, 1])).toThrow(RangeError);
    expect(() => sampleRatioCheck([1, 2], [-1, 1])).toThrow(RangeError);
  });
});
