import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent } from 'react';

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
  // Whether a pointer is pressed right now (see onBlur).
  const pointerDown = useRef(false);
  useEffect(() => {
    const press = () => (pointerDown.current = true);
    const release = () => (pointerDown.current = false);
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);

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
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      // Pressing this form's submit button: showing the message now would push the button down
      // between pointer-down and pointer-up and swallow the click; the submit shows every message.
      // (Tabbing onto the button still shows it: nothing moves under a pointer then.)
      const next = event.relatedTarget;
      const ontoSubmit = next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form;
      if (ontoSubmit && pointerDown.current) return;
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
