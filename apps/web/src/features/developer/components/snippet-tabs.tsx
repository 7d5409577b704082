import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

import { cn } from '../../../utils/cn';

export interface SnippetTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: one tab stop; arrow keys, Home and End move between tabs and
 * select them. Shown as a segmented switch.
 */
export function SnippetTabs({ label, tabs }: { label: string; tabs: SnippetTab[] }) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const baseId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : undefined;
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="inline-flex w-full gap-1 self-start rounded-lg border bg-muted p-1 sm:w-auto"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              className={cn(
                'h-8 flex-1 cursor-pointer rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
                'outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isSelected ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`} className="min-w-0">
          {current.panel}
        </div>
      )}
    </div>
  );
}
