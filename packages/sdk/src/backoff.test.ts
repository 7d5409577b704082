import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelayMs, retryAfterMs } from './backoff';

describe('backoffDelayMs', () => {
  it.each([
    { attempt: 0, random: 0, expected: 0 },
    { attempt: 0, random: 0.5, expected: 500 },
    { attempt: 0, random: 0.999, expected: 999 },
    { attempt: 1, random: 0.5, expected: 1000 },
    { attempt: 3, random: 0.5, expected: 4000 },
    { attempt: 8, random: 0.5, expected: 128_000 },
    // 1 s × 2^9 = 512 s is past the 5-minute ceiling
    { attempt: 9, random: 0.5, expected: 150_000 },
    { attempt: 1000, random: 0.999_999, expected: 299_999 },
    { attempt: Number.NaN, random: 0.5, expected: 500 },
    { attempt: -3, random: 0.5, expected: 500 },
    // a random source outside [0, 1) counts as the middle of the range
    { attempt: 2, random: 1, expected: 2000 },
    { attempt: 2, random: -0.1, expected: 2000 },
  ])('attempt $attempt with random $random waits $expected ms', ({ attempt, random, expected }) => {
    expect(backoffDelayMs(attempt, () => random)).toBe(expected);
  });

  it('never waits 5 minutes or more', () => {
    expect(backoffDelayMs(40, () => 0.999_999_999)).toBeLessThan(BACKOFF_MAX_MS);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it.each([
    { header: '120', expected: 120_000 },
    { header: ' 3 ', expected: 3000 },
    { header: '0', expected: 0 },
    { header: 'Fri, 01 May 2026 12:00:10 GMT', expected: 10_000 },
    { header: 'Fri, 01 May 2026 11:00:00 GMT', expected: 0 },
    { header: null, expected: undefined },
    { header: '', expected: undefined },
    { header: '-1', expected: undefined },
    { header: '1.5', expected: undefined },
    { header: 'soon', expected: undefined },
  ])('$header → $expected', ({ header, expected }) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
