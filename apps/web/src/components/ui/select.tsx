import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '../../utils/cn';

const sizes = {
  md: 'h-10 pr-9 pl-3 text-base sm:text-sm',
  sm: 'h-8 pr-8 pl-2.5 text-sm',
} as const;

/** The native <select>, dressed like Input: keyboard, screen readers and mobile pickers for free. */
export function Select({ className, size = 'md', ...props }: Omit<ComponentProps<'select'>, 'size'> & { size?: keyof typeof sizes }) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <select
        className={cn(
          'w-full min-w-0 cursor-pointer appearance-none rounded-lg border border-input bg-card text-foreground shadow-xs',
          'transition-[color,box-shadow,border-color] outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50',
          sizes[size],
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
