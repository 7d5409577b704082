import { Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

import { cn } from '../../../utils/cn';
import type { ThemeMode } from '../theme';
import { useTheme } from '../use-theme';

const OPTIONS = [
  { mode: 'light', label: 'Light', Icon: Sun },
  { mode: 'dark', label: 'Dark', Icon: Moon },
  { mode: 'system', label: 'System', Icon: Monitor },
] as const satisfies readonly { mode: ThemeMode; label: string; Icon: LucideIcon }[];

/** Light / dark / system as a native radio group: arrow keys, focus and announcements for free. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { mode, setMode } = useTheme();
  const name = useId();

  return (
    <fieldset className={cn('inline-flex items-center gap-0.5 rounded-full border bg-card p-0.5 shadow-xs', className)}>
      <legend className="sr-only">Theme</legend>
      {OPTIONS.map(({ mode: option, label, Icon }) => (
        <label
          key={option}
          title={label}
          className="relative grid size-8 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:text-foreground has-checked:bg-muted has-checked:text-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={mode === option}
            onChange={() => setMode(option)}
            // Transparent over the whole option, so a click or tap lands on the radio itself.
            className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          <Icon aria-hidden="true" className="pointer-events-none size-4" strokeWidth={1.75} />
          <span className="sr-only">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
