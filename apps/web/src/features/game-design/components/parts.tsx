import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';

import { Card } from '../../../components/ui/card';

// The pieces the level and economy views share. The chart itself is the analytics pages' chart,
// handed in by the app (features never import each other, ADR 014): a view describes its chart and
// `renderChart` draws it.

export interface ChartSlotProps {
  option: EChartsCoreOption;
  /** What it shows, e.g. 'Players by level, Mar 1 – Mar 30'. */
  ariaLabel: string;
  /** Its figures, for screen readers and anyone who opens them. */
  table: { columns: string[]; rows: (string | number)[][] };
  height?: number;
}
export type RenderChart = (props: ChartSlotProps) => ReactNode;

/** What the app hands a game-design view: the project, the view's call parameters and the chart. */
export interface GameDesignViewProps {
  projectId: string;
  projectSlug: string;
  /** The analytics view's query (range, granularity, filters), as every analytics call takes it. */
  apiParams: Record<string, string>;
  renderChart: RenderChart;
}

/** One headline figure. */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="min-w-0 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
      {detail && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-4">
      <div className="h-24 animate-pulse rounded-2xl bg-muted motion-reduce:animate-none" />
      <div className="h-72 animate-pulse rounded-2xl bg-muted motion-reduce:animate-none" />
    </div>
  );
}
