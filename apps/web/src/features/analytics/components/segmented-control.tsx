import { useId } from 'react';

import { cn } from '../../../utils/cn';

/**
 * A choice of a few options shown side by side (classic / rolling, line / bar / table): radio
 * buttons under a legend, so arrow keys move between them and screen readers say "1 of 3".
 */
export function SegmentedControl<Value extends string>({
  legend,
  options,
  value,
  onChange,
  hideLegend = false,
  className,
}: {
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  /** The legend stays for screen readers only. */
  hideLegend?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <legend className={cn('mb-1.5 text-sm leading-none font-medium', hideLegend && 'sr-only')}>{legend}</legend>
      <div className="inline-flex h-8 w-fit rounded-lg border border-input/60 bg-muted p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option.value && 'bg-card text-foreground shadow-xs',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
