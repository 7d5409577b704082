import { useRef, useState } from 'react';
import type { ReactNode } from 'react';

import { getErrorMessage } from '../../lib/api-error';
import { ErrorAlert } from './alert';
import { DialogButtons, ModalDialog } from './modal-dialog';

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

/** A modal confirmation (`ModalDialog`). Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  failureMessage,
  onClose,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
    <ModalDialog title={title} description={description} onDismiss={close} focusOnOpen={() => cancelRef.current?.focus()}>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <DialogButtons
        pending={pending}
        onCancel={close}
        cancelRef={cancelRef}
        confirmLabel={confirmLabel}
        confirmVariant={destructive ? 'danger' : 'primary'}
        onConfirm={() => void confirm()}
      />
    </ModalDialog>
  );
}
