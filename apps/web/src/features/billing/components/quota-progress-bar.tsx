import { useId } from 'react';

import { cn } from '../../../utils/cn';
import { formatCount, type QuotaProgress } from './usage-figures';

/** Events this month against the quota, as a bar with its figures in words. */
export function QuotaProgressBar({ used, quota, progress }: { used: number; quota: number; progress: QuotaProgress }) {
  const labelId = useId();
  const figures = `${formatCount(used)} of ${formatCount(quota)} events`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={labelId} className="text-sm font-medium">
          Events this month
        </p>
        <p className="text-sm tabular-nums">
          <span className="font-medium">{figures}</span>{' '}
          <span className="text-muted-foreground">({progress.percentText})</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percentText}: ${figures}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
            progress.usedUp ? 'bg-destructive' : 'bg-primary',
          )}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
