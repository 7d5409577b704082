import { describe, expect, it } from 'vitest';

import {
  dailySummary,
  formatBytes,
  formatDay,
  formatMonth,
  formatMonthStart,
  niceCeiling,
  quotaProgress,
} from './usage-figures';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [-5, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10_188, '9.9 KB'],
    [10_200, '10 KB'],
    [10_230, '10 KB'],
    [5 * 1024 ** 2, '5.0 MB'],
    [123.4 * 1024 ** 2, '123 MB'],
    [1023.6 * 1024 ** 2, '1,024 MB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
    [3 * 1024 ** 6, '3,072 PB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('quotaProgress', () => {
  it.each([
    [0, 100, { percent: 0, percentText: '0%', usedUp: false, nearlyUsedUp: false }],
    [1, 1000, { percent: 0, percentText: '<1%', usedUp: false, nearlyUsedUp: false }],
    [42, 100, { percent: 42, percentText: '42%', usedUp: false, nearlyUsedUp: false }],
    [90, 100, { percent: 90, percentText: '90%', usedUp: false, nearlyUsedUp: true }],
    [999, 1000, { percent: 99, percentText: '99%', usedUp: false, nearlyUsedUp: true }],
    [9999, 10_000, { percent: 99, percentText: '99%', usedUp: false, nearlyUsedUp: true }],
    [100, 100, { percent: 100, percentText: '100%', usedUp: true, nearlyUsedUp: false }],
    // A lowered quota can sit below what was already received.
    [250, 100, { percent: 100, percentText: '100%', usedUp: true, nearlyUsedUp: false }],
  ])('%d events of %d', (events, quota, progress) => {
    expect(quotaProgress(events, quota)).toEqual(progress);
  });
});

describe('niceCeiling', () => {
  it.each([
    [0, 2],
    [1, 2],
    [2, 2],
    [3, 4],
    [5, 6],
    [7, 8],
    [10, 10],
    [11, 20],
    [180, 200],
    [201, 400],
    [999, 1000],
    [12_345, 20_000],
    [65_000, 80_000],
  ])('%d rounds up to %d', (max, ceiling) => {
    expect(niceCeiling(max)).toBe(ceiling);
  });
});

describe('dates in UTC', () => {
  it('reads the month, its next start and days in UTC whatever the local zone', () => {
    expect(formatMonth('2026-03-01T00:00:00.000Z')).toBe('March 2026');
    expect(formatMonthStart('2026-04-01T00:00:00.000Z')).toBe('Apr 1, 2026');
    expect(formatDay('2026-03-04')).toBe('Mar 4');
  });
});

describe('dailySummary', () => {
  it.each([
    [[], 'No days to show.'],
    [
      [
        { day: '2026-03-01', events: 0 },
        { day: '2026-03-02', events: 0 },
      ],
      'No events received from Mar 1 to Mar 2.',
    ],
    [
      [
        { day: '2026-03-01', events: 1200 },
        { day: '2026-03-02', events: 3400 },
        { day: '2026-03-03', events: 3400 },
      ],
      '8,000 events received from Mar 1 to Mar 3; the busiest day was Mar 2 with 3,400.',
    ],
  ])('%j', (daily, text) => {
    expect(dailySummary(daily)).toBe(text);
  });
});
