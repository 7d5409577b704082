import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';

import { type SafeParser, fieldErrors } from '../utils/field-errors';

/**
 * A controlled form validated by a shared zod schema (STYLE.md rule 2: the rules and messages come
 * from packages/shared, never restated). A field shows its message once it has been left or the
 * form submitted, and from then on it updates as the person types.
 */
export function useSchemaForm<Field extends string, Output>(schema: SafeParser<Output>, initial: Record<Field, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const idPrefix = useId();

  const outcome = schema.safeParse(values);
  const allErrors = outcome.success ? {} : fieldErrors(outcome.error.issues);
  const errorOf = (name: Field) => (touched[name] ? allErrors[name] : undefined);
  const idOf = (name: Field) => `${idPrefix}${name}`;

  /** The props a TextField needs for `name`. */
  const field = (name: Field) => ({
    id: idOf(name),
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => {
      setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  /** Shows every field's message; answers the parsed (trimmed) values, or null after focusing the first invalid field. */
  const submit = (): Output | null => {
    const names = Object.keys(values) as Field[];
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<Field, boolean>);
    if (outcome.success) return outcome.data;
    const firstInvalid = names.find((name) => allErrors[name] !== undefined);
    if (firstInvalid !== undefined) document.getElementById(idOf(firstInvalid))?.focus();
    return null;
  };

  const reset = (next: Record<Field, string> = initial) => {
    setValues(next);
    setTouched({});
  };

  return { values, field, submit, reset, idOf };
}
