import { describe, expect, it } from 'vitest';
import { type RetryDelayInput, isRetryableMethod, isRetryableStatus, parseRetryAfterMs, retryDelayMs } from './retry';

describe('isRetryableMethod', () => {
  it.each([
    ['GET', true],
    ['get', true],
    ['Head', true],
    ['OPTIONS', true],
    ['options', true],
    ['POST', false],
    ['PUT', false],
    ['PATCH', false],
    ['DELETE', false],
    ['', false],
    ['GETS', false],
  ])('%s -> %s', (method, expected) => {
    expect(isRetryableMethod(method)).toBe(expected);
  });
});

describe('isRetryableStatus', () => {
  it.each([
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [599, true],
    [429, true],
    [408, true],
    [499, false],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
    [200, false],
    [304, false],
    [0, false],
    [Number.NaN, false],
  ])('%s -> %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

// A fixed clock: Wed, 04 Mar 2026 10:00:00 GMT.
const nowMs = Date.UTC(2026, 2, 4, 10, 0, 0);
const now = () => nowMs;
const fixed = (value: number) => () => value;

describe('retryDelayMs', () => {
  it.each<[string, Omit<RetryDelayInput, 'now'>, number]>([
    // Exponential base plus jitter.
    ['attempt 0, no jitter', { attempt: 0, random: fixed(0) }, 500],
    ['attempt 0, mid jitter', { attempt: 0, random: fixed(0.5) }, 600],
    ['attempt 0, largest jitter stays under 200', { attempt: 0, random: fixed(0.999999) }, 699],
    ['attempt 1 doubles', { attempt: 1, random: fixed(0) }, 1000],
    ['attempt 2', { attempt: 2, random: fixed(0.25) }, 2050],
    ['attempt 5', { attempt: 5, random: fixed(0) }, 16_000],
    ['attempt 5 with jitter', { attempt: 5, random: fixed(0.5) }, 16_100],
    ['attempt 6 is capped', { attempt: 6, random: fixed(0) }, 30_000],
    ['a huge attempt is capped, not Infinity', { attempt: 5000, random: fixed(0.5) }, 30_000],
    ['negative attempt counts as 0', { attempt: -3, random: fixed(0) }, 500],
    ['fractional attempt rounds down', { attempt: 1.7, random: fixed(0) }, 1000],
    ['NaN attempt counts as 0', { attempt: Number.NaN, random: fixed(0) }, 500],
    ['random of 1 gives no jitter', { attempt: 0, random: fixed(1) }, 500],
    ['negative random gives no jitter', { attempt: 0, random: fixed(-0.5) }, 500],
    // Retry-After only counts on 429.
    ['503 ignores Retry-After', { attempt: 0, status: 503, retryAfter: '10', random: fixed(0) }, 500],
    ['500 has no 2 s floor', { attempt: 0, status: 500, random: fixed(0) }, 500],
    // 429: at least Retry-After, else at least 2 s.
    ['429 without header: at least 2 s', { attempt: 0, status: 429, random: fixed(0.5) }, 2000],
    ['429 with null header: at least 2 s', { attempt: 0, status: 429, retryAfter: null, random: fixed(0) }, 2000],
    ['429 with unreadable header: 2 s', { attempt: 0, status: 429, retryAfter: 'soon', random: fixed(0) }, 2000],
    ['429 fallback below the backoff', { attempt: 2, status: 429, random: fixed(0.5) }, 2100],
    ['429 seconds above the backoff', { attempt: 0, status: 429, retryAfter: '5', random: fixed(0.5) }, 5000],
    ['429 seconds below the backoff', { attempt: 3, status: 429, retryAfter: '1', random: fixed(0) }, 4000],
    ['429 Retry-After 0: the backoff', { attempt: 0, status: 429, retryAfter: '0', random: fixed(0) }, 500],
    ['429 Retry-After of 30 s', { attempt: 0, status: 429, retryAfter: '30', random: fixed(0) }, 30_000],
    ['429 Retry-After over 30 s is capped', { attempt: 0, status: 429, retryAfter: '120', random: fixed(0) }, 30_000],
    [
      '429 HTTP-date 7 s ahead',
      { attempt: 0, status: 429, retryAfter: 'Wed, 04 Mar 2026 10:00:07 GMT', random: fixed(0) },
      7000,
    ],
    [
      '429 HTTP-date in the past: the backoff',
      { attempt: 1, status: 429, retryAfter: 'Wed, 04 Mar 2026 09:00:00 GMT', random: fixed(0) },
      1000,
    ],
    [
      '429 HTTP-date an hour ahead is capped',
      { attempt: 0, status: 429, retryAfter: 'Wed, 04 Mar 2026 11:00:00 GMT', random: fixed(0) },
      30_000,
    ],
  ])('%s', (_label, input, expected) => {
    expect(retryDelayMs({ ...input, now })).toBe(expected);
  });

  it('defaults to Math.random and Date.now', () => {
    for (let i = 0; i < 50; i += 1) {
      const delay = retryDelayMs({ attempt: 1 });
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThan(1200);
      expect(Number.isInteger(delay)).toBe(true);
    }
  });
});

describe('parseRetryAfterMs', () => {
  it.each<[string, string | null | undefined, number | null]>([
    ['seconds', '3', 3000],
    ['zero', '0', 0],
    ['padded', ' 12 ', 12_000],
    ['HTTP-date ahead', 'Wed, 04 Mar 2026 10:01:30 GMT', 90_000],
    ['HTTP-date now', 'Wed, 04 Mar 2026 10:00:00 GMT', 0],
    ['HTTP-date passed', 'Tue, 03 Mar 2026 10:00:00 GMT', 0],
    ['absent', undefined, null],
    ['null', null, null],
    ['empty', '', null],
    ['negative', '-5', null],
    ['fractional', '1.5', null],
    ['words', 'later', null],
    ['ISO date is not an HTTP-date', '2026-03-04T10:01:00Z', null],
    ['RFC 850 form', 'Wednesday, 04-Mar-26 10:01:00 GMT', null],
    ['asctime form', 'Wed Mar  4 10:01:00 2026', null],
  ])('%s', (_label, value, expected) => {
    expect(parseRetryAfterMs(value, nowMs)).toBe(expected);
  });
});
