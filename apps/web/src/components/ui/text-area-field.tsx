import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from '../../utils/cn';
import { Label } from './label';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  /** A hint under the field, replaced by the error while there is one. */
  description?: ReactNode;
  error?: string | undefined;
  /** Beside the hint: a live count such as '120 / 2000'. */
  counter?: ReactNode;
}

/** TextField's multi-line sibling: its hint or error tied to it with aria-describedby and aria-invalid. */
export function TextAreaField({ id, label, description, error, counter, className, ...props }: TextAreaFieldProps) {
  const noteId = useId();
  const counterId = useId();
  const note = error ?? description;
  const describedBy = [note ? noteId : null, counter === undefined ? null : counterId].filter(Boolean).join(' ');

  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'min-h-28 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs sm:text-sm',
          'transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        )}
        {...props}
      />
      <div className="flex items-start justify-between gap-3 text-sm">
        {note ? (
          <p id={noteId} className={error ? 'text-destructive' : 'text-muted-foreground'}>
            {note}
          </p>
        ) : (
          <span />
        )}
        {counter !== undefined && (
          <p id={counterId} className="shrink-0 text-muted-foreground tabular-nums">
            {counter}
          </p>
        )}
      </div>
    </div>
  );
}
