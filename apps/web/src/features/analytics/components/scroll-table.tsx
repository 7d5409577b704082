import type { ReactNode } from 'react';

import { cn } from '../../../utils/cn';

/** Classes of the analytics tables, so every page's tables look alike. */
export const tableClasses = {
  table: 'w-full text-left text-sm tabular-nums',
  head: 'border-b text-xs text-muted-foreground',
  th: 'px-3 py-2 font-medium whitespace-nowrap',
  thNumber: 'px-3 py-2 text-right font-medium whitespace-nowrap',
  body: 'divide-y',
  td: 'px-3 py-2 whitespace-nowrap',
  tdNumber: 'px-3 py-2 text-right whitespace-nowrap',
} as const;

/**
 * A wide table scrolls inside its own box (the page never overflows a 360-px window); the box is
 * focusable so keyboard users can scroll it, and named after the table.
 */
export function ScrollTable({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    // Focusable: keyboard users can scroll it.
    <div role="region" aria-label={label} tabIndex={0} className={cn('-mx-1 overflow-x-auto px-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}>
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
