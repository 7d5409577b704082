import { LoaderCircle } from 'lucide-react';

import { cn } from '../../utils/cn';

/** Decorative: pair it with visible text or aria-busy on the region that is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin motion-reduce:animate-none', className)} />
  );
}
