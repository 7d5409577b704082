import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';
import type { ChartType, Explore, ExploreMeasure } from '@questboard/shared/analytics-explore';

import { exploreRows } from '../lib/explore-csv';
import { formatCount, formatDecimal } from '../lib/format';
import { bucketLabel } from '../lib/incomplete-buckets';
import { Chart } from './chart';
import { lineOrBarOption } from './chart-options';
import { ExploreTable } from './explore-table';

/** Counts are whole; sums and averages of a property may have decimals. */
export const exploreValueFormat = (measure: ExploreMeasure) =>
  measure === 'count' || measure === 'users' ? formatCount : formatDecimal;

/**
 * An explorer answer drawn as the chart type asks: lines, bars (stacked where the series add up:
 * counts and sums) or a table with totals. Used by the explorer and by pinned dashboard charts.
 */
export function ExploreChart({
  answer,
  chartType,
  measure,
  granularity,
  label,
  height = 320,
}: {
  answer: Explore;
  chartType: ChartType;
  measure: ExploreMeasure;
  granularity: Granularity;
  /** The accessible name of the chart or table. */
  label: string;
  height?: number;
}) {
  const format = exploreValueFormat(measure);
  if (chartType === 'table')
    return <ExploreTable answer={answer} granularity={granularity} format={format} label={label} />;
  const stack = chartType === 'bar' && (measure === 'count' || measure === 'sum') && answer.series.length > 1;
  const { header, rows } = exploreRows(answer);
  return (
    <Chart
      ariaLabel={label}
      height={height}
      option={lineOrBarOption({
        series: answer.series.map((series) => ({
          name: series.label,
          points: series.points,
          ...(stack && { stack: 'total' }),
        })),
        kind: chartType,
        valueFormat: format,
        granularity,
        incomplete: answer.incomplete,
      })}
      table={{
        columns: header,
        rows: rows.map(([date, ...values]) => [
          bucketLabel(String(date), granularity, answer.incomplete),
          ...values.map((value) => format(typeof value === 'number' ? value : null)),
        ]),
      }}
    />
  );
}
