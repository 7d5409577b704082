import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/**
 * What a confirmation dialog is about. When the confirmed action removed the element that had focus
 * (a row's button), focus goes to `fallback` (the section's heading) once the dialog has closed.
 */
export function useConfirmation<Subject>(fallback: RefObject<HTMLElement | null>) {
  const [subject, setSubject] = useState<Subject | null>(null);
  const succeeded = useRef(false);

  useEffect(() => {
    if (subject !== null || !succeeded.current) return;
    succeeded.current = false;
    // Runs after the dialog's own clean-up, which restores focus only to an element still there.
    if (!(document.activeElement instanceof HTMLElement) || document.activeElement === document.body) fallback.current?.focus();
  }, [subject, fallback]);

  return {
    subject,
    ask: (next: Subject) => setSubject(next),
    /** Call when the action succeeded, before the dialog closes. */
    succeeded: () => {
      succeeded.current = true;
    },
    close: () => setSubject(null),
  };
}
