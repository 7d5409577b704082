import { useId } from 'react';
import type { ReactNode, Ref } from 'react';

import { Badge } from '../ui/badge';
import { Card } from '../ui/card';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** How many items the section lists, shown beside the title once known. */
  count?: number | undefined;
  /** At the end of the title row: an action. */
  aside?: ReactNode;
  /** Lets a page move focus here after an action removed the element that had it. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
  className?: string;
}

/** One titled card of a settings page (organisation, project settings). */
export function SettingsSection({ title, description, count, aside, headingRef, children, className }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-5 sm:px-6 sm:pt-6">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex items-center gap-2">
              <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold tracking-tight outline-none">
                {title}
              </h2>
              {count !== undefined && <Badge>{count}</Badge>}
            </div>
            {description && <p className="text-sm text-pretty text-muted-foreground">{description}</p>}
          </div>
          {aside}
        </div>
        <div className="px-5 pt-4 pb-5 sm:px-6 sm:pb-6">{children}</div>
      </section>
    </Card>
  );
}
