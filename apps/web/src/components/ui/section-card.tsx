import { type ReactNode, useId } from 'react';

import { cn } from '../../utils/cn';
import { Card } from './card';

/** A titled card of a page: a region named by its heading, its content below. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)}>
      <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={id} className="text-base font-semibold tracking-tight">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-pretty text-muted-foreground">{description}</p>}
          </div>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}
