import { describe, expect, it } from 'vitest';

import { bucketLabel, curveCohortsText, splitLine } from './incomplete-buckets';

const points = (...values: (number | null)[]) => values.map((value, index) => ({ date: `2026-11-1${index}`, value }));

describe('bucketLabel', () => {
  it.each([
    ['2026-11-16', 'day', [], 'Nov 16, 2026'],
    ['2026-11-16', 'day', ['2026-11-16'], 'Nov 16, 2026 (so far)'],
    ['2026-11-16', 'week', ['2026-11-10', '2026-11-16'], 'Week of Nov 16, 2026 (so far)'],
    ['2026-11-01', 'month', ['2026-11-01'], 'Nov 2026 (so far)'],
  ] as const)('%s by %s', (date, granularity, incomplete, expected) => {
    expect(bucketLabel(date, granularity, incomplete)).toBe(expected);
  });
});

describe('splitLine', () => {
  it.each([
    { name: 'nothing incomplete: one solid line', incomplete: [], solid: [1, 2, 3], dashed: null },
    { name: 'today at the end: the last segment dashed', incomplete: ['2026-11-12'], solid: [1, 2, null], dashed: [null, 2, 3] },
    { name: 'a cut first bucket: the first segment dashed', incomplete: ['2026-11-10'], solid: [null, 2, 3], dashed: [1, 2, null] },
    { name: 'both ends', incomplete: ['2026-11-10', '2026-11-12'], solid: [null, 2, null], dashed: [1, 2, 3] },
  ])('$name', ({ incomplete, solid, dashed }) => {
    expect(splitLine(points(1, 2, 3), incomplete)).toEqual({ solid, dashed });
  });
});

describe('curveCohortsText', () => {
  it.each([
    [null, 'No cohort has installed yet'],
    [{ from: '2026-10-01', to: '2026-10-25', users: 1234, lastDay: 30 }, 'Cohorts installed Oct 1 – Oct 25, 2026 (1,234 players), followed to day 30'],
    [{ from: '2026-11-09', to: '2026-11-09', users: 1, lastDay: 7 }, 'Cohorts installed Nov 9, 2026 (1 player), followed to day 7'],
  ] as const)('%j', (cohorts, expected) => {
    expect(curveCohortsText(cohorts)).toBe(expected);
  });
});
