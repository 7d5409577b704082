import { useId } from 'react';
import type { LiveValueType } from '@questboard/shared/live-value';

import { Label } from '../ui/label';
import { Select } from '../ui/select';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';

interface ValueFieldProps {
  label: string;
  type: LiveValueType;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  disabled?: boolean;
}

/** A config value's field, shaped by the key's type: a choice for booleans, a text area for JSON. */
export function ValueField({ label, type, value, onChange, error, disabled }: ValueFieldProps) {
  const id = useId();
  if (type === 'boolean') {
    const noteId = `${id}-note`;
    return (
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Select
          id={id}
          value={value === 'false' ? 'false' : 'true'}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? noteId : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="true">true</option>
          <option value="false">false</option>
        </Select>
        {error && (
          <p id={noteId} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (type === 'json') {
    return (
      <TextAreaField
        id={id}
        label={label}
        value={value}
        disabled={disabled}
        error={error}
        spellCheck={false}
        className="font-mono [&_textarea]:min-h-20 [&_textarea]:font-mono"
        description="JSON, at most 16 KB"
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      disabled={disabled}
      error={error}
      inputMode={type === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
