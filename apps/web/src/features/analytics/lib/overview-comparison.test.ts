import { describe, expect, it } from 'vitest';

import { comparisonCaption, incompletePoints } from './overview-comparison';

describe('comparisonCaption', () => {
  it.each([
    {
      name: 'a past range',
      overview: { range: { from: '2026-11-01', to: '2026-11-10' }, cardRange: { from: '2026-11-01', to: '2026-11-10' }, previousRange: { from: '2026-10-22', to: '2026-10-31' } },
      expected: 'Nov 1 – Nov 10, 2026, compared with Oct 22 – Oct 31, 2026',
    },
    {
      name: 'a range reaching today, at 06:00 or any hour',
      overview: { range: { from: '2026-11-10', to: '2026-11-16' }, cardRange: { from: '2026-11-10', to: '2026-11-15' }, previousRange: { from: '2026-11-04', to: '2026-11-09' } },
      expected:
        'Nov 10 – Nov 15, 2026, compared with Nov 4 – Nov 9, 2026. Today is not over: it is left out of the cards and drawn dashed, so far, in the charts.',
    },
    {
      name: 'today alone',
      overview: { range: { from: '2026-11-16', to: '2026-11-16' }, cardRange: { from: '2026-11-16', to: '2026-11-16' }, previousRange: null },
      expected: 'Nov 16, 2026 so far: nothing complete to compare yet.',
    },
  ])('$name', ({ overview, expected }) => {
    expect(comparisonCaption(overview)).toBe(expected);
  });
});

describe('incompletePoints', () => {
  it('marks the points of incomplete buckets', () => {
    expect(incompletePoints([{ date: '2026-11-15' }, { date: '2026-11-16' }], ['2026-11-16'])).toEqual([false, true]);
  });
});
