import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

import { getErrorMessage } from '../../lib/api-error';
import { ErrorAlert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** A destructive action gets the red confirm button. */
  destructive?: boolean;
  /** Runs the action. A rejection keeps the dialog open with the error's message (else `failureMessage`). */
  onConfirm: () => Promise<void>;
  failureMessage?: string;
  /** Called on Cancel, Escape, a click outside, and after a successful confirm. */
  onClose: () => void;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, makes the page inert and
 * closes on Escape. Mount it to open it; unmounting gives focus back to what had it before.
 * Focus starts on Cancel, the safe choice.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  failureMessage,
  onClose,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      // The trigger may be gone (a removed row): then the caller moves focus itself.
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const close = () => {
    if (!pending) onClose();
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught, failureMessage));
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the component's owner decides when it closes (not while the action runs).
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; its content fills the inner box.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border bg-card p-0 text-foreground shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
    >
      <div className="flex flex-col gap-4 p-6">
        <div className="flex flex-col gap-2">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <div id={descriptionId} className="text-sm text-pretty text-muted-foreground">
            {description}
          </div>
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="outline" disabled={pending} onClick={close}>
            Cancel
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} disabled={pending} onClick={() => void confirm()}>
            {pending && <Spinner />}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
