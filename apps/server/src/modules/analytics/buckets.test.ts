import { describe, expect, it } from 'vitest';
import { incompleteBuckets } from './buckets';

describe('incompleteBuckets', () => {
  it.each([
    { name: 'days before today are whole', view: { from: '2026-11-01', to: '2026-11-10', granularity: 'day' }, today: '2026-11-25', expected: [] },
    { name: 'today is not over', view: { from: '2026-11-20', to: '2026-11-25', granularity: 'day' }, today: '2026-11-25', expected: ['2026-11-25'] },
    {
      name: 'days after today are not over either',
      view: { from: '2026-11-24', to: '2026-11-26', granularity: 'day' },
      today: '2026-11-25',
      expected: ['2026-11-25', '2026-11-26'],
    },
    {
      // Nov 2026: Monday the 2nd, 9th, 16th, 23rd. The range cuts the first week, today the last.
      name: 'weeks cut by the range start and the week of today',
      view: { from: '2026-11-04', to: '2026-11-25', granularity: 'week' },
      today: '2026-11-25',
      expected: ['2026-11-04', '2026-11-23'],
    },
    {
      name: 'a past week cut by the range end',
      view: { from: '2026-11-02', to: '2026-11-18', granularity: 'week' },
      today: '2026-11-25',
      expected: ['2026-11-16'],
    },
    {
      name: 'whole past weeks',
      view: { from: '2026-11-02', to: '2026-11-15', granularity: 'week' },
      today: '2026-11-25',
      expected: [],
    },
    {
      name: 'a week ending yesterday is whole',
      view: { from: '2026-11-16', to: '2026-11-22', granularity: 'week' },
      today: '2026-11-23',
      expected: [],
    },
    {
      name: 'months: cut at the start, whole, and this month',
      view: { from: '2026-09-15', to: '2026-11-25', granularity: 'month' },
      today: '2026-11-25',
      expected: ['2026-09-15', '2026-11-01'],
    },
    {
      name: 'a whole February of a leap year',
      view: { from: '2028-02-01', to: '2028-02-29', granularity: 'month' },
      today: '2028-03-01',
      expected: [],
    },
  ] as const)('$name', ({ view, today, expected }) => {
    expect(incompleteBuckets(view, today)).toEqual(expected);
  });
});
