import { describe, expect, it } from 'vitest';

import { intervalScale } from './interval-scale';

describe('intervalScale', () => {
  it.each([
    ['points either side of 0', [{ lower: -0.004, upper: 0.021 }], 0.04, [-0.04, -0.02, 0, 0.02, 0.04]],
    ['all above 0: still centred on 0', [{ lower: 0.012, upper: 0.034 }, { lower: 0.001, upper: 0.05 }], 0.05, [-0.05, -0.025, 0, 0.025, 0.05]],
    ['a wide mean', [{ lower: -3, upper: 7.5 }, null], 10, [-10, -5, 0, 5, 10]],
    ['nothing yet', [null], 1, [-1, 0, 1]],
  ])('%s', (_name, intervals, max, ticks) => {
    const scale = intervalScale(intervals);
    expect(scale.max).toBeCloseTo(max, 12);
    expect(scale.ticks).toHaveLength(ticks.length);
    scale.ticks.forEach((tick, index) => expect(tick).toBeCloseTo(ticks[index]!, 12));
  });

  it('places 0 in the middle and clamps what falls outside', () => {
    const scale = intervalScale([{ lower: -1, upper: 2 }]);
    expect(scale.position(0)).toBe(50);
    expect(scale.position(2)).toBe(100);
    expect(scale.position(-1)).toBe(25);
    expect(scale.position(9)).toBe(100);
  });
});
