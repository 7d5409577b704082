import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';

// The chart over time is the analytics pages' chart, handed in by the app (features never import
// each other, ADR 014): the results describe it and `renderChart` draws it.

export interface ChartSlotProps {
  option: EChartsCoreOption;
  /** What it shows. */
  ariaLabel: string;
  /** Its figures, for screen readers and anyone who opens them. */
  table: { columns: string[]; rows: (string | number)[][] };
  height?: number;
}
export type RenderChart = (props: ChartSlotProps) => ReactNode;
