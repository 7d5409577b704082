import { describe, expect, it } from 'vitest';
import { bucketLower, bucketText, bucketWidth, numberBreakdown } from './value-buckets';

describe('number breakdowns (ADR 026 "Buckets")', () => {
  it('keeps up to 10 distinct numbers as they are', () => {
    expect(numberBreakdown({ min: 1, max: 3, distinct: 3, integers: true })).toEqual({ kind: 'exact' });
    expect(numberBreakdown({ min: 1, max: 10, distinct: 10, integers: true })).toEqual({ kind: 'exact' });
    expect(numberBreakdown({ min: 1, max: 11, distinct: 11, integers: true })).toEqual({ kind: 'buckets', width: 1, integers: true });
    expect(numberBreakdown({ min: 1, max: 51, distinct: 40, integers: true })).toEqual({ kind: 'buckets', width: 5, integers: true });
  });

  it.each([
    // span, whole numbers, width: about 10 buckets of a round width
    [50, true, 5], // levels 1 to 51
    [11, true, 2],
    [999, true, 100], // 1,000 item ids
    [9, true, 1],
    [3, false, 0.5],
    [0.9, false, 0.1],
    [120, false, 20],
    [240, false, 25],
    [24, true, 5], // 2.4 rounds up to 5 for whole numbers (no 2.5)
    [0, true, 1],
  ])('a span of %s (whole: %s) is cut into buckets %s wide', (span, integers, width) => {
    expect(bucketWidth(span, integers)).toBe(width);
    expect(span / width).toBeLessThanOrEqual(10);
  });

  it.each([
    [0, 5, true, '0–4'],
    [2, 5, true, '10–14'],
    [7, 1, true, '7'],
    [3, 0.1, false, '0.3–0.4'],
    [-1, 20, false, '-20–0'],
  ])('bucket %s of width %s (whole: %s) is labelled %s', (index, width, integers, label) => {
    expect(bucketText(bucketLower(index, width), width, integers)).toBe(label);
  });
});
