// Pure builders of the common chart options, so pages describe data, not ECharts.
import type { EChartsCoreOption } from 'echarts/core';
import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';
import type { SeriesPoint } from '@questboard/shared/analytics-answer-parts';

import { formatCount, formatDay, formatDuration } from '../lib/format';
import { bucketLabel, splitLine } from '../lib/incomplete-buckets';

export type ChartOption = EChartsCoreOption;

/** The grid's margins hold the axis labels (ECharts 6's replacement of containLabel). */
const gridBounds = { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;
export type ValueFormat = (value: number | null) => string;

export interface ChartSeries {
  name: string;
  points: SeriesPoint[];
  /** Series with the same stack are stacked (bars) or summed (lines). */
  stack?: string;
  /** Overrides the option's kind for this series (a bar and a line in one chart). */
  kind?: 'line' | 'bar';
  /** Draw against the right axis (a second unit, e.g. ARPDAU beside revenue). */
  secondAxis?: boolean;
}

export interface LineOrBarOptions {
  series: ChartSeries[];
  kind?: 'line' | 'bar';
  valueFormat?: ValueFormat;
  /** The right axis's format, when a series uses it. */
  secondValueFormat?: ValueFormat;
  granularity?: Granularity;
  /** Fill the area under lines. */
  area?: boolean;
  /** Ticks on whole numbers only; true unless a valueFormat is given (ratios and money have fractions). */
  integerAxis?: boolean;
  /** Values are seconds: ticks fall on round durations (30s, 1m, 5m, 1h …) and read like "2m". */
  durationAxis?: boolean;
  /** Buckets holding figures so far (the answer's `incomplete`): dashed lines, hatched bars. */
  incomplete?: readonly string[];
}

/** Diagonal hatching over a bar whose bucket is not whole. */
const hatched = {
  opacity: 0.55,
  decal: { symbol: 'rect', symbolSize: 1, dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: 'rgba(255, 255, 255, 0.6)' },
};

/** Steps a duration axis may take, in seconds: ones people read at a glance. */
const durationSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];

/** The axis of durations up to `max` seconds in about five round steps (from 0). */
export function durationAxis(max: number, ticks = 5): { min: number; max: number; interval: number } {
  const interval = durationSteps.find((step) => max / step <= ticks) ?? Math.ceil(max / ticks / 86_400) * 86_400;
  return { min: 0, max: Math.max(interval, Math.ceil(max / interval) * interval), interval };
}

/** A tick's label: "2m" rather than "2m 00s". */
const durationTick = (seconds: number) => formatDuration(seconds).replace(/ 00[sm]$/u, '');

/** A time series chart: one category per bucket (the first series' dates), a line or bars per series. */
export function lineOrBarOption({
  series,
  kind = 'line',
  valueFormat,
  secondValueFormat,
  granularity = 'day',
  area = false,
  integerAxis = valueFormat === undefined,
  durationAxis: durations = false,
  incomplete = [],
}: LineOrBarOptions): ChartOption {
  const format = valueFormat ?? formatCount;
  const secondFormat = secondValueFormat ?? format;
  const dates = series[0]?.points.map((point) => point.date) ?? [];
  const twoAxes = series.some((item) => item.secondAxis === true);
  const formatterOf = (index: number): ValueFormat => (series[index]?.secondAxis ? secondFormat : format);
  return {
    grid: { ...gridBounds, left: 8, right: twoAxes ? 8 : 16, top: series.length > 1 ? 40 : 16, bottom: 8 },
    legend: series.length > 1 ? { top: 0, left: 0, type: 'scroll' } : { show: false },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: kind === 'bar' ? 'shadow' : 'line' },
      formatter: (items: unknown) => tooltipHtml(items as TooltipItem[], formatterOf, granularity, incomplete),
    },
    xAxis: {
      type: 'category',
      data: dates,
      boundaryGap: kind === 'bar' || series.some((item) => item.kind === 'bar'),
      axisLabel: { formatter: (date: string) => formatDay(date, granularity === 'month' ? 'month' : granularity === 'hour' ? 'hour' : 'day', { short: true }), hideOverlap: true },
    },
    yAxis: [
      durations
        ? { type: 'value', ...durationAxis(maxValue(series)), axisLabel: { formatter: durationTick } }
        : { type: 'value', minInterval: integerAxis ? 1 : undefined, axisLabel: { formatter: (value: number) => format(value) } },
      ...(twoAxes ? [{ type: 'value', splitLine: { show: false }, axisLabel: { formatter: (value: number) => secondFormat(value) } }] : []),
    ],
    series: [
      ...series.map((item) => {
        const itemKind = item.kind ?? kind;
        return {
          name: item.name,
          type: itemKind,
          stack: item.stack,
          yAxisIndex: item.secondAxis ? 1 : 0,
          data:
            itemKind === 'line'
              ? splitLine(item.points, incomplete).solid
              : item.points.map((point) => (incomplete.includes(point.date) ? { value: point.value, itemStyle: hatched } : point.value)),
          connectNulls: false,
          ...(itemKind === 'line' ? { showSymbol: item.points.length < 2, areaStyle: area ? { opacity: 0.12 } : undefined } : { barMaxWidth: 28 }),
          emphasis: { focus: 'series' },
        };
      }),
      // The so-far part of each line: same name, so the same colour and legend entry, dashed.
      ...series.flatMap((item) => {
        const dashed = (item.kind ?? kind) === 'line' ? splitLine(item.points, incomplete).dashed : null;
        if (!dashed) return [];
        return [
          {
            name: item.name,
            type: 'line',
            stack: item.stack === undefined ? undefined : `${item.stack} so far`,
            yAxisIndex: item.secondAxis ? 1 : 0,
            data: dashed,
            connectNulls: false,
            showSymbol: false,
            lineStyle: { type: 'dashed' },
            areaStyle: area ? { opacity: 0.05 } : undefined,
            emphasis: { focus: 'series' },
          },
        ];
      }),
    ],
  };
}

/** The largest value of the series, 0 when they hold none. */
function maxValue(series: ChartSeries[]): number {
  let max = 0;
  for (const item of series) for (const point of item.points) if (point.value !== null && point.value > max) max = point.value;
  return max;
}

interface TooltipItem {
  axisValue?: string;
  seriesIndex?: number;
  seriesName?: string;
  marker?: string;
  value?: unknown;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`);

/** The tooltip of an axis: the bucket ('so far' when incomplete), then each series once with its value. */
function tooltipHtml(items: TooltipItem[], formatterOf: (index: number) => ValueFormat, granularity: Granularity, incomplete: readonly string[]): string {
  const date = items[0]?.axisValue ?? '';
  // A line's solid and dashed parts share its name; the first known value speaks for both.
  const shown = new Map<string, TooltipItem>();
  for (const item of items) {
    const name = item.seriesName ?? '';
    const current = shown.get(name);
    if (!current || (typeof current.value !== 'number' && typeof item.value === 'number')) shown.set(name, item);
  }
  const rows = [...shown.values()].map((item) => {
    const value = typeof item.value === 'number' ? item.value : null;
    return `<div style="display:flex;gap:12px;justify-content:space-between"><span>${item.marker ?? ''}${escapeHtml(item.seriesName ?? '')}</span><strong>${escapeHtml(formatterOf(item.seriesIndex ?? 0)(value))}</strong></div>`;
  });
  return `<div style="margin-bottom:4px">${escapeHtml(bucketLabel(date, granularity, incomplete))}</div>${rows.join('')}`;
}

/** A curve over days since install (day 0..30): retention or cumulative LTV. */
export function dayCurveOption({
  series,
  valueFormat,
  cohorts,
}: {
  series: { name: string; values: (number | null)[] }[];
  valueFormat: ValueFormat;
  /** Which cohorts the curve follows (curveCohortsText), under the day in the tooltip. */
  cohorts?: string;
}): ChartOption {
  const days = series[0]?.values.map((_, day) => day) ?? [];
  return {
    grid: { ...gridBounds, outerBoundsContain: 'all', left: 8, right: 16, top: series.length > 1 ? 40 : 16, bottom: 8 },
    legend: series.length > 1 ? { top: 0, left: 0, type: 'scroll' } : { show: false },
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const items = raw as TooltipItem[];
        const rows = items.map(
          (item) =>
            `<div style="display:flex;gap:12px;justify-content:space-between"><span>${item.marker ?? ''}${escapeHtml(item.seriesName ?? '')}</span><strong>${escapeHtml(valueFormat(typeof item.value === 'number' ? item.value : null))}</strong></div>`,
        );
        const caption = cohorts === undefined ? '' : `<div style="margin-top:4px;max-width:16rem;white-space:normal;opacity:0.75">${escapeHtml(cohorts)}</div>`;
        return `<div style="margin-bottom:4px">Day ${escapeHtml(items[0]?.axisValue ?? '')}</div>${rows.join('')}${caption}`;
      },
    },
    xAxis: { type: 'category', data: days, name: 'Days since install', nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: (day: string) => `D${day}` } },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => valueFormat(value) } },
    series: series.map((item) => ({ name: item.name, type: 'line', data: item.values, connectNulls: false, showSymbol: false })),
  };
}
