import { useId } from 'react';
import type { ExperimentStatistic } from '@questboard/shared/experiments-metrics';

import { intervalScale } from '../lib/interval-scale';
import { formatDifference, formatInterval, type Interval } from '../lib/result-format';

export interface IntervalRow {
  variant: string;
  estimate: number;
  fixed: Interval;
  alwaysValid: Interval | null;
  significant: boolean;
}

/**
 * Each variant's difference from control as a horizontal bar around 0: the 95% interval thin, the
 * always-valid interval thick, the estimate a dot. SVG drawn in percentages of its width, so it fits
 * any screen without scaling its text; the same figures are its text alternative.
 */
export function IntervalChart({ metric, statistic, rows }: { metric: string; statistic: ExperimentStatistic; rows: IntervalRow[] }) {
  const id = useId();
  const scale = intervalScale(rows.flatMap((row) => [row.fixed, row.alwaysValid]));
  const x = (value: number) => `${scale.position(value)}%`;
  // The unit is in the caption: the ticks stay short enough for a phone.
  const tickText = (tick: number) => formatDifference(statistic, tick, { lower: -scale.max, upper: scale.max }).replace(/ pts$/u, '');
  const describe = (row: IntervalRow) =>
    `${row.variant}: ${formatDifference(statistic, row.estimate, row.fixed)} (95% interval ${formatInterval(statistic, row.fixed)}; always-valid ${row.alwaysValid ? formatInterval(statistic, row.alwaysValid) : 'not yet'})${row.significant ? ', significant' : ''}`;
  return (
    <figure aria-labelledby={`${id}-caption`} className="flex flex-col gap-2">
      <figcaption id={`${id}-caption`} className="text-sm font-medium">
        Difference from control in {metric}
        {statistic === 'proportion' ? ' (percentage points)' : ''}
      </figcaption>
      <ul className="sr-only">
        {rows.map((row) => (
          <li key={row.variant}>{describe(row)}</li>
        ))}
      </ul>
      <div aria-hidden="true" className="flex flex-col gap-3">
        {rows.map((row) => (
          <div key={row.variant} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium">{row.variant}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatDifference(statistic, row.estimate, row.fixed)} ({formatInterval(statistic, row.fixed)})
              </span>
            </div>
            <svg width="100%" height="22" className="overflow-visible">
              <line x1={x(0)} x2={x(0)} y1="0" y2="22" className="stroke-muted-foreground" strokeWidth="1" strokeDasharray="3 3" />
              <rect x={x(row.fixed.lower)} y="9" width={`${scale.position(row.fixed.upper) - scale.position(row.fixed.lower)}%`} height="4" rx="2" className="fill-muted-foreground/40" />
              {row.alwaysValid && (
                <rect
                  x={x(row.alwaysValid.lower)}
                  y="5"
                  width={`${Math.max(0.4, scale.position(row.alwaysValid.upper) - scale.position(row.alwaysValid.lower))}%`}
                  height="12"
                  rx="3"
                  className={row.significant ? 'fill-primary/70' : 'fill-link/35'}
                />
              )}
              <circle cx={x(row.estimate)} cy="11" r="4.5" className="fill-foreground stroke-card" strokeWidth="1.5" />
            </svg>
          </div>
        ))}
        <div className="relative h-5 text-xs text-muted-foreground tabular-nums">
          {scale.ticks.map((tick, index) => (
            <span
              key={tick}
              className="absolute top-0 whitespace-nowrap"
              style={{ left: x(tick), transform: index === 0 ? 'none' : index === scale.ticks.length - 1 ? 'translateX(-100%)' : 'translateX(-50%)' }}
            >
              {tick === 0 ? '0' : tickText(tick)}
            </span>
          ))}
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-1 w-5 rounded bg-muted-foreground/40" />
            95% interval (one look)
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-5 rounded bg-primary/70" />
            Always-valid interval
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-full bg-foreground" />
            Estimate
          </span>
        </p>
      </div>
    </figure>
  );
}
