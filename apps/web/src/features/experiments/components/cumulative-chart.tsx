import type { ExperimentResults } from '@questboard/shared/experiments-api';
import type { ExperimentStatistic } from '@questboard/shared/experiments-metrics';

import { SectionCard } from '../../../components/ui/section-card';
import { formatEstimate, formatPlayers } from '../lib/result-format';
import type { RenderChart } from './chart-slot';

interface CumulativeChartProps {
  metric: string;
  statistic: ExperimentStatistic;
  daily: ExperimentResults['daily'];
  nameOf: (key: string) => string;
  renderChart: RenderChart;
}

/** The primary metric per variant, cumulative, each UTC day since the start: whether the lines have settled. */
export function CumulativeChart({ metric, statistic, daily, nameOf, renderChart }: CumulativeChartProps) {
  const variants = daily[0]?.variants.map((variant) => variant.variant) ?? [];
  const option = {
      grid: { left: 8, right: 16, top: 40, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      legend: { top: 0, left: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', valueFormatter: (value: number | null) => formatEstimate(statistic, value) },
      xAxis: { type: 'category', data: daily.map((day) => day.day) },
      yAxis: { type: 'value', scale: true, axisLabel: { formatter: (value: number) => formatEstimate(statistic, value) } },
      series: variants.map((key) => ({
        name: nameOf(key),
        type: 'line',
        showSymbol: daily.length < 15,
        connectNulls: true,
        data: daily.map((day) => day.variants.find((variant) => variant.variant === key)?.estimate ?? null),
      })),
  };
  return (
    <SectionCard title="Over time" description={`${metric} per variant, cumulative from the start to each UTC day.`}>
      {renderChart({
        option,
        ariaLabel: `${metric} per variant, cumulative by day`,
        height: 280,
        table: {
          columns: ['Day', ...variants.map((key) => `${nameOf(key)} (players)`)],
          rows: daily.map((day) => [
            day.day,
            ...variants.map((key) => {
              const figures = day.variants.find((variant) => variant.variant === key);
              return figures ? `${formatEstimate(statistic, figures.estimate)} (${formatPlayers(figures.players)})` : '—';
            }),
          ]),
        },
      })}
    </SectionCard>
  );
}
