import type { ReactNode } from 'react';

import { cn } from '../../utils/cn';

/** Classes of the data tables, so every page's tables look alike. */
export const tableClasses = {
  table: 'w-full text-left text-sm tabular-nums',
  head: 'border-b text-xs text-muted-foreground',
  th: 'px-3 py-2 font-medium whitespace-nowrap',
  thNumber: 'px-3 py-2 text-right font-medium whitespace-nowrap',
  body: 'divide-y',
  td: 'px-3 py-2 whitespace-nowrap',
  tdNumber: 'px-3 py-2 text-right whitespace-nowrap',
} as const;

type ScrollTableName = { label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined };

/**
 * A wide table scrolls inside its own box (the page never overflows a 360-px window); the box is
 * focusable so keyboard users can scroll it, and named after the table (`label`, or the id of the
 * table's caption). `framed`: a bordered box that also scrolls down, for tables with sticky headers
 * (give it a max height).
 */
export function ScrollTable({
  label,
  labelledBy,
  framed = false,
  children,
  className,
}: ScrollTableName & { framed?: boolean; children: ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={cn(
        framed ? 'relative overflow-auto rounded-lg border' : '-mx-1 overflow-x-auto px-1',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A share of a total as a bar and a percentage (breakdown tables). */
export function ShareBar({ share }: { share: number | null }) {
  const percent = share === null ? 0 : Math.max(0, Math.min(1, share)) * 100;
  return (
    <span className="flex items-center justify-end gap-2">
      <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:w-24">
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-12 text-right">{share === null ? '—' : `${percent.toFixed(1).replace(/\.0$/u, '')}%`}</span>
    </span>
  );
}
