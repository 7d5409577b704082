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

describe('incomplete buckets', () => {
  const points = [
    { date: '2026-11-14', value: 1700 },
    { date: '2026-11-15', value: 1650 },
    { date: '2026-11-16', value: 481 },
  ];
  interface Built {
    series: { name: string; type: string; data: unknown[]; lineStyle?: { type: string } }[];
    tooltip: { formatter: (items: unknown) => string };
  }

  it('draws the so-far part of a line dashed, under the same name', () => {
    const option = lineOrBarOption({ series: [{ name: 'DAU', points }], incomplete: ['2026-11-16'] }) as unknown as Built;
    expect(option.series.map((item) => [item.name, item.data, item.lineStyle?.type])).toEqual([
      ['DAU', [1700, 1650, null], undefined],
      ['DAU', [null, 1650, 481], 'dashed'],
    ]);
  });

  it('hatches the bars of incomplete buckets', () => {
    const option = lineOrBarOption({ series: [{ name: 'New users', points }], kind: 'bar', incomplete: ['2026-11-16'] }) as unknown as Built;
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.data.slice(0, 2)).toEqual([1700, 1650]);
    const last = option.series[0]!.data[2] as { value: number; itemStyle: { decal?: object } };
    expect(last.value).toBe(481);
    expect(last.itemStyle.decal).toBeDefined();
  });

  it('says so far in the tooltip and lists a line once', () => {
    const option = lineOrBarOption({ series: [{ name: 'DAU', points }], incomplete: ['2026-11-16'] }) as unknown as Built;
    const html = option.tooltip.formatter([
      { axisValue: '2026-11-16', seriesIndex: 0, seriesName: 'DAU', value: null },
      { axisValue: '2026-11-16', seriesIndex: 1, seriesName: 'DAU', value: 481 },
    ]);
    expect(html).toContain('Nov 16, 2026 (so far)');
    expect(html.match(/DAU/g)).toHaveLength(1);
    expect(html).toContain('481');
  });

  it('leaves whole buckets alone', () => {
    const option = lineOrBarOption({ series: [{ name: 'DAU', points }] }) as unknown as Built;
    expect(option.series).toHaveLength(1);
    expect(option.tooltip.formatter([{ axisValue: '2026-11-15', seriesIndex: 0, seriesName: 'DAU', value: 1650 }])).not.toContain('so far');
  });
});
