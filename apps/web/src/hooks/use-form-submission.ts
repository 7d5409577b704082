import { useState, type SubmitEvent } from 'react';

import { getErrorMessage } from '../lib/api-error';

/**
 * Submitting a schema form (see use-schema-form.ts): validate, then run the call while `pending`,
 * and keep its failure as a message (the error's own, else `fallback`, docs/product/rules-and-messages.md#errors).
 */
export function useFormSubmission<T>(form: { submit(): T | null }, run: (input: T) => Promise<void>, fallback: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const input = form.submit();
    if (!input) return;
    setPending(true);
    try {
      await run(input);
    } catch (caught) {
      setError(getErrorMessage(caught, fallback));
    } finally {
      setPending(false);
    }
  };

  return { pending, error, onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event) };
}
