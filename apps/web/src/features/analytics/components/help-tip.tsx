import { CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';

import { cn } from '../../../utils/cn';

/**
 * A toggletip: an "About …" button that shows a definition beside it, on click or keyboard, and
 * hides it on Escape or when focus leaves. The text is announced when it opens.
 */
export function HelpTip({ about, text, className }: { about: string; text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className={cn('relative inline-flex', className)}>
      <button
        type="button"
        aria-label={`About ${about}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
        }}
        onBlur={() => {
          setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <CircleHelp aria-hidden="true" className="size-3.5" />
      </button>
      <span id={id} role="status" className={open ? 'absolute top-7 right-0 z-20 w-60 rounded-lg border bg-card p-3 text-xs font-normal text-pretty text-foreground shadow-lg' : 'sr-only'}>
        {open ? text : ''}
      </span>
    </span>
  );
}
