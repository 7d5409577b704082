import { ChevronDown } from 'lucide-react';
import { startTransition, useEffect, useId, useOptimistic, useRef, useState } from 'react';
import { FILTER_MAX_VALUES } from '@questboard/shared/analytics-view';

import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';

/** The menu's width in pixels (w-64). */
const MENU_WIDTH = 256;

/**
 * A menu of checkboxes for one filter: the values seen in the range, plus any chosen value that is
 * not among them. Escape or a click outside closes it; focus returns to its button.
 */
export function FilterMenu({
  label,
  options,
  selected,
  loading = false,
  onChange,
}: {
  label: string;
  options: string[];
  selected: string[];
  loading?: boolean;
  onChange: (values: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  // Opens towards the side with room, so a narrow window never scrolls sideways.
  const [alignRight, setAlignRight] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The URL changes in a transition (React Router), which can wait for the new view's data: the
  // boxes show the choice at once meanwhile, rather than ticking only when the figures arrive.
  const [shown, showChoice] = useOptimistic(selected);
  const choose = (next: string[]) => {
    startTransition(() => {
      showChoice(next);
      onChange(next);
    });
  };
  const values = [...shown.filter((value) => !options.includes(value)), ...options];
  const full = shown.length >= FILTER_MAX_VALUES;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    root.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => {
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={(event) => {
          const { left } = event.currentTarget.getBoundingClientRect();
          setAlignRight(left + MENU_WIDTH > window.innerWidth - 16);
          setOpen(!open);
        }}
        className={buttonClasses('outline', 'sm', cn(shown.length > 0 && 'border-primary/60'))}
      >
        {label}
        {shown.length > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
            {shown.length}
            <span className="sr-only"> selected</span>
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
      </button>
      {open && (
        <div
          id={id}
          className={cn('absolute top-9 z-30 w-64 max-w-[calc(100vw-2rem)] rounded-xl border bg-card p-2 shadow-lg', alignRight ? 'right-0' : 'left-0')}
        >
          <fieldset>
            <legend className="px-2 py-1 text-xs font-medium text-muted-foreground">{label}</legend>
            {loading && values.length === 0 ? (
              <p className="px-2 py-2 text-sm text-muted-foreground">Loading values...</p>
            ) : values.length === 0 ? (
              <p className="px-2 py-2 text-sm text-muted-foreground">No values in this range.</p>
            ) : (
              <ul className="max-h-64 overflow-y-auto">
                {values.map((value) => {
                  const checked = shown.includes(value);
                  return (
                    <li key={value}>
                      <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50">
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && full}
                          onChange={() => {
                            choose(checked ? shown.filter((item) => item !== value) : [...shown, value]);
                          }}
                          className="size-4 accent-primary"
                        />
                        <span className="truncate">{value}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            {full && <p className="px-2 pt-1 text-xs text-muted-foreground">At most {FILTER_MAX_VALUES} values per filter.</p>}
          </fieldset>
        </div>
      )}
    </div>
  );
}
