import type { Funnel } from '@questboard/shared/analytics-funnels';

import { formatCount, formatShare } from '../lib/funnel-format';

/** Overall conversion by bucket of entry, as bars with their figures; buckets not over are marked. */
export function FunnelTrend({ funnel }: { funnel: Funnel }) {
  const incomplete = new Set(funnel.incomplete);
  return (
    // A scrolled list is reachable by keyboard (tabIndex), so its lower rows can be read without a mouse.
    <ol
      className="max-h-96 space-y-1 overflow-y-auto pr-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      aria-label="Overall conversion by entry date"
      tabIndex={0}
    >
      {funnel.trend.map((point) => (
        <li key={point.date} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2 text-xs">
          <span className="tabular-nums text-muted-foreground">
            {point.date}
            {incomplete.has(point.date) ? '*' : ''}
          </span>
          <span className="h-2.5 overflow-hidden rounded bg-muted" aria-hidden="true">
            <span className="block h-full rounded bg-primary" style={{ width: `${(point.conversion ?? 0) * 100}%` }} />
          </span>
          <span className="w-32 text-right tabular-nums">
            <span className="font-medium">{formatShare(point.conversion)}</span> of {formatCount(point.entered)}
          </span>
        </li>
      ))}
    </ol>
  );
}
