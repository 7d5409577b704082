import { useEffect, useId, useRef } from 'react';
import type { SubmitEventHandler, ReactNode, Ref } from 'react';

import { Button, type ButtonVariant } from './button';
import { Spinner } from './spinner';

export interface ModalDialogProps {
  title: string;
  description: ReactNode;
  /** Cancel, Escape and a click outside ask this; the owner decides (not while an action runs). */
  onDismiss: () => void;
  /** Moves focus into the dialog once it is open (the safe choice, or the first field). */
  focusOnOpen: () => void;
  /** Makes the body a <form> (a dialog that asks for input); otherwise it is a <div>. */
  onSubmit?: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * The frame of every modal: the native <dialog>, so the browser traps focus, makes the page inert
 * and closes on Escape. Mount it to open it; unmounting gives focus back to what had it before
 * (when that is still on the page; otherwise the owner moves focus itself).
 */
export function ModalDialog({ title, description, onDismiss, focusOnOpen, onSubmit, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const focusOnOpenRef = useRef(focusOnOpen);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    focusOnOpenRef.current();
    return () => {
      if (dialog?.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const body = (
    <>
      <div className="flex flex-col gap-2">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div id={descriptionId} className="text-sm text-pretty text-muted-foreground">
          {description}
        </div>
      </div>
      {children}
    </>
  );
  const bodyClasses = 'flex flex-col gap-4 p-6';

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the owner decides when the dialog closes.
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; its content fills the inner box.
        if (event.target === event.currentTarget) onDismiss();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border bg-card p-0 text-foreground shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
    >
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} className={bodyClasses}>
          {body}
        </form>
      ) : (
        <div className={bodyClasses}>{body}</div>
      )}
    </dialog>
  );
}

/**
 * A dialog's Cancel and confirm buttons, stacked on narrow screens. Both are disabled while the
 * action runs, and the confirm button shows a spinner. Without `onConfirm` it submits the form.
 */
export function DialogButtons({
  pending,
  onCancel,
  cancelRef,
  confirmLabel,
  confirmVariant = 'primary',
  onConfirm,
}: {
  pending: boolean;
  onCancel: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  onConfirm?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button ref={cancelRef} variant="outline" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant={confirmVariant} disabled={pending} onClick={onConfirm}>
        {pending && <Spinner />}
        {confirmLabel}
      </Button>
    </div>
  );
}
