import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from '../../utils/cn';
import { Input } from './input';
import { Label } from './label';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** A hint under the field, replaced by the error while there is one. */
  description?: ReactNode;
  error?: string | undefined;
}

/** A labelled input with its hint or error, tied to it with aria-describedby and aria-invalid. */
export function TextField({ id, label, description, error, className, ...inputProps }: TextFieldProps) {
  const noteId = useId();
  const note = error ?? description;

  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...inputProps}
      />
      {note && (
        <p id={noteId} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
          {note}
        </p>
      )}
    </div>
  );
}
