import { describe, expect, it } from 'vitest';
import { funnelQuerySchema } from '@questboard/shared/analytics-funnels';
import { assembleFunnel, breakdownRows } from './funnel-assembly';

// The funnel page's arithmetic (ADR 027) on worked examples: what every store's counts become.

const query = (extra: Record<string, string> = {}) =>
  funnelQuerySchema.parse({ from: '2026-02-09', to: '2026-02-15', granularity: 'week', steps: JSON.stringify([{ event: 'a' }, { event: 'b' }, { event: 'c' }]), ...extra });

describe('breakdownRows', () => {
  it.each<[string, { value: string | null; players: number[] }[], { value: string | null; other: boolean; players: number[] }[]]>([
    ['nothing', [], []],
    [
      'most players entering first, then by value, not set last',
      [
        { value: null, players: [3, 1] },
        { value: 'b', players: [3, 2] },
        { value: 'a', players: [3, 0] },
        { value: 'z', players: [5, 5] },
      ],
      [
        { value: 'z', other: false, players: [5, 5] },
        { value: 'a', other: false, players: [3, 0] },
        { value: 'b', other: false, players: [3, 2] },
        { value: null, other: false, players: [3, 1] },
      ],
    ],
    [
      'beyond ten values, the rest summed in Other',
      Array.from({ length: 12 }, (_, index) => ({ value: `v${String(index).padStart(2, '0')}`, players: [20 - index, 1] })),
      [
        ...Array.from({ length: 10 }, (_, index) => ({ value: `v${String(index).padStart(2, '0')}`, other: false, players: [20 - index, 1] })),
        { value: null, other: true, players: [10 + 9, 2] },
      ],
    ],
  ])('%s', (_name, groups, rows) => {
    expect(breakdownRows(groups)).toEqual(rows);
  });
});

describe('assembleFunnel', () => {
  it('works out conversion from the previous and the first step, drop-off and the trend by bucket', () => {
    const answer = assembleFunnel(
      {
        steps: [
          { players: 10, medianSeconds: 0, p90Seconds: 0 },
          { players: 4, medianSeconds: 30, p90Seconds: 54 },
          { players: 0, medianSeconds: null, p90Seconds: null },
        ],
        breakdown: [{ value: 'ios', other: false, players: [10, 4, 0] }],
        trend: [{ date: '2026-02-09', entered: 10, converted: 0 }],
      },
      query(),
    );
    expect(answer.steps).toEqual([
      { players: 10, fromPrevious: null, fromFirst: 1, dropped: 0, medianSeconds: 0, p90Seconds: 0 },
      { players: 4, fromPrevious: 0.4, fromFirst: 0.4, dropped: 6, medianSeconds: 30, p90Seconds: 54 },
      { players: 0, fromPrevious: 0, fromFirst: 0, dropped: 4, medianSeconds: null, p90Seconds: null },
    ]);
    // A week from Monday 02-09: one bucket; its conversion is converted / entered.
    expect(answer.trend).toEqual([{ date: '2026-02-09', entered: 10, converted: 0, conversion: 0 }]);
    // Without a breakdown asked, none is answered.
    expect(answer.breakdown).toEqual([]);
    expect(answer.breakdownTruncated).toBe(false);
  });

  it('answers no conversion where nobody entered, and says when Other holds the rest', () => {
    const answer = assembleFunnel(
      {
        steps: [0, 0, 0].map((players) => ({ players, medianSeconds: null, p90Seconds: null })),
        breakdown: [{ value: null, other: true, players: [0, 0, 0] }],
        trend: [],
      },
      query({ granularity: 'day', breakdown: 'country' }),
    );
    expect(answer.steps.map((step) => [step.fromPrevious, step.fromFirst])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(answer.trend).toHaveLength(7);
    expect(answer.trend.every((bucket) => bucket.conversion === null && bucket.entered === 0)).toBe(true);
    expect(answer.breakdownTruncated).toBe(true);
  });
});
