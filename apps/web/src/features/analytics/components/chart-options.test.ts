import { describe, expect, it } from 'vitest';

import { durationAxis, lineOrBarOption } from './chart-options';

describe('durationAxis', () => {
  it.each([
    [0, { min: 0, max: 1, interval: 1 }],
    [40, { min: 0, max: 40, interval: 10 }],
    [137, { min: 0, max: 150, interval: 30 }],
    [270, { min: 0, max: 300, interval: 60 }],
    [5000, { min: 0, max: 5400, interval: 1800 }],
    [900_000, { min: 0, max: 1_036_800, interval: 259_200 }],
  ])('puts durations up to %i s on round steps', (max, axis) => {
    expect(durationAxis(max)).toEqual(axis);
  });

  it('labels the ticks of a duration chart as round durations', () => {
    const option = lineOrBarOption({
      series: [{ name: 'Average session length', points: [{ date: '2026-11-01', value: 95 }, { date: '2026-11-02', value: 270 }] }],
      valueFormat: (value) => String(value),
      durationAxis: true,
    }) as { yAxis: { interval: number; max: number; axisLabel: { formatter: (value: number) => string } }[] };
    const [axis] = option.yAxis;
    expect(axis).toMatchObject({ interval: 60, max: 300 });
    expect([0, 60, 120, 3600, 90].map(axis!.axisLabel.formatter)).toEqual(['0s', '1m', '2m', '1h', '1m 30s']);
  });
});
