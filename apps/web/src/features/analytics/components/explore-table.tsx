import { useId } from 'react';
import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';
import type { Explore } from '@questboard/shared/analytics-explore';

import { ScrollTable } from '../../../components/ui/scroll-table';
import { cn } from '../../../utils/cn';
import { exploreRows } from '../lib/explore-csv';
import { bucketLabel } from '../lib/incomplete-buckets';

/** The explorer's answer as a table: a row per bucket, a column per series, totals last. */
export function ExploreTable({
  answer,
  granularity,
  format,
  label,
}: {
  answer: Explore;
  granularity: Granularity;
  format: (value: number | null) => string;
  /** The table's accessible name (the chart's title). */
  label: string;
}) {
  const captionId = useId();
  const { header, rows } = exploreRows(answer);
  const cellClass = 'px-3 py-1.5 text-right whitespace-nowrap';
  return (
    <ScrollTable labelledBy={captionId} framed className="max-h-[28rem]">
      <table className="w-full border-separate border-spacing-0 text-sm tabular-nums">
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        <thead>
          <tr>
            {header.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn(
                  'sticky top-0 z-10 border-b bg-card px-3 py-2 font-medium text-muted-foreground',
                  index === 0 ? 'left-0 z-20 text-left' : 'text-right',
                )}
              >
                {index === 0 ? (granularity === 'day' ? 'Date' : granularity === 'week' ? 'Week' : 'Month') : column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([date, ...values]) => (
            <tr key={String(date)}>
              <th
                scope="row"
                className="sticky left-0 border-b bg-card px-3 py-1.5 text-left font-normal whitespace-nowrap"
              >
                {bucketLabel(String(date), granularity, answer.incomplete)}
              </th>
              {values.map((value, index) => (
                <td key={index} className={cn(cellClass, 'border-b')}>
                  {format(typeof value === 'number' ? value : null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="sticky bottom-0 left-0 z-20 border-t bg-muted px-3 py-2 text-left font-semibold">
              Total
            </th>
            {answer.series.map((series, index) => (
              <td key={index} className={cn(cellClass, 'sticky bottom-0 border-t bg-muted py-2 font-semibold')}>
                {format(series.total)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollTable>
  );
}
