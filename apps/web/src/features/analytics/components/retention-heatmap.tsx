import { useId } from 'react';
import type { Granularity } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';

import { ScrollTable } from '../../../components/ui/scroll-table';
import { cn } from '../../../utils/cn';
import { NOT_REACHED_TEXT, heatLegend, retentionDays, retentionMatrix } from '../lib/retention-matrix';

// The cohort matrix is an HTML table, not a canvas: screen readers announce each cell with its
// cohort and day headers, and the keyboard scrolls it. Cells are the heat colour over the card at
// the level's strength; the colour is lighter in dark mode so the scale still runs dark → bright.
// Text on every level keeps 4.5:1 in both schemes (foreground up to level 5, the card colour on 6).
const levelClasses = [
  'bg-(--heat)/6 text-foreground',
  'bg-(--heat)/14 text-foreground',
  'bg-(--heat)/24 text-foreground',
  'bg-(--heat)/36 text-foreground',
  'bg-(--heat)/50 text-foreground',
  'bg-(--heat)/66 text-foreground',
  'bg-(--heat)/90 text-(--card)',
] as const;

// Not reached yet: hatched, so it never reads as 0%.
const hatched = 'bg-[repeating-linear-gradient(135deg,var(--border)_0_1px,transparent_1px_6px)]';

export function RetentionHeatmap({ retention, granularity }: { retention: Retention; granularity: Granularity }) {
  const rows = retentionMatrix(retention, granularity);
  const captionId = useId();
  const caption =
    retention.mode === 'classic'
      ? 'Classic retention by install cohort: the share of each cohort active on day N after install'
      : 'Rolling retention by install cohort: the share of each cohort active on day N after install or any later day';

  return (
    <div className="flex min-w-0 flex-col gap-3 [--heat:#4f46e5] dark:[--heat:#8b8ff9]">
      <HeatLegend />
      <ScrollTable labelledBy={captionId} framed className="max-h-[32rem]">
        <table className="border-separate border-spacing-0 text-xs tabular-nums">
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky top-0 left-0 z-30 border-r border-b bg-card px-3 py-2 text-left font-medium text-muted-foreground"
              >
                Cohort
              </th>
              {retentionDays.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className="sticky top-0 z-20 min-w-13 border-b bg-card px-1 py-2 text-center font-medium text-muted-foreground"
                >
                  <span aria-hidden="true">D{day}</span>
                  <span className="sr-only">Day {day}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.cohort}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-r border-b bg-card px-3 py-1.5 text-left font-normal whitespace-nowrap"
                >
                  <span className="block font-medium">{row.label}</span>
                  <span className="block text-muted-foreground">{row.sizeText}</span>
                </th>
                {row.cells.map((cell) => (
                  <td
                    key={cell.day}
                    title={cell.title}
                    data-level={cell.level ?? 'none'}
                    className={cn(
                      'h-11 border-b border-l border-card px-1 text-center whitespace-nowrap',
                      cell.level === null ? hatched : levelClasses[cell.level],
                    )}
                  >
                    {cell.rate === null ? <span className="sr-only">{NOT_REACHED_TEXT}</span> : cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function HeatLegend() {
  return (
    <ul
      aria-label="Colour scale"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground"
    >
      {heatLegend().map(({ level, label }) => (
        <li key={level} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3.5 rounded-sm border border-border', levelClasses[level])} />
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn('size-3.5 rounded-sm border border-border', hatched)} />
        {NOT_REACHED_TEXT}
      </li>
    </ul>
  );
}
