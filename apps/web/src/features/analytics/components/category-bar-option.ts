// Bars over named categories rather than dates (the session length distribution), in the same
// look as chart-options.ts. Horizontal, so labels such as '30 s–1 min' stay readable at 360 px.
import type { ChartOption, ValueFormat } from './chart-options';

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`);

/** One bar per category; the tooltip gives the value and its share of all bars. */
export function categoryBarOption({
  name,
  categories,
  values,
  valueFormat,
}: {
  name: string;
  categories: string[];
  values: number[];
  valueFormat: ValueFormat;
}): ChartOption {
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    grid: { left: 8, right: 24, top: 8, bottom: 24 },
    legend: { show: false },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (raw: unknown) => {
        const [item] = raw as { axisValue?: string; marker?: string; value?: unknown }[];
        const value = typeof item?.value === 'number' ? item.value : null;
        const share = value !== null && total > 0 ? ` (${Math.round((value / total) * 1000) / 10}%)` : '';
        return `<div style="margin-bottom:4px">${escapeHtml(item?.axisValue ?? '')}</div><div style="display:flex;gap:12px;justify-content:space-between"><span>${item?.marker ?? ''}${escapeHtml(name)}</span><strong>${escapeHtml(valueFormat(value))}${share}</strong></div>`;
      },
    },
    // The first category on top, like a table.
    yAxis: { type: 'category', data: categories, inverse: true, axisLabel: { interval: 0 } },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (value: number) => valueFormat(value), hideOverlap: true },
    },
    series: [
      {
        name,
        type: 'bar',
        data: values,
        barMaxWidth: 22,
        itemStyle: { borderRadius: [0, 3, 3, 0] },
        emphasis: { focus: 'series' },
      },
    ],
  };
}
