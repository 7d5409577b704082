import { CircleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '../../utils/cn';

/** An inline error, announced at once by screen readers (role="alert"). */
export function ErrorAlert({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive-surface px-3 py-2.5 text-sm text-destructive',
        className,
      )}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
