import { useEffect, useId, useRef } from 'react';
import { createChartBodySchema } from '@questboard/shared/analytics';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFormSubmission } from '../../../hooks/use-form-submission';
import { useSchemaForm } from '../../../hooks/use-schema-form';

const titleSchema = createChartBodySchema.pick({ title: true });

export const PIN_FAILED_MESSAGE = 'The chart could not be pinned. Try again.';

/**
 * Asks the title of a chart to pin, on the native modal <dialog> (focus trapped, Escape closes).
 * `onPin` saves it; a refusal (a full dashboard) stays in the dialog with the server's reason.
 */
export function PinChartDialog({
  defaultTitle,
  onPin,
  onClose,
}: {
  defaultTitle: string;
  onPin: (title: string) => Promise<void>;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const descriptionId = useId();
  const form = useSchemaForm(titleSchema, { title: defaultTitle });
  const submission = useFormSubmission(form, ({ title }) => onPin(title), PIN_FAILED_MESSAGE);
  const titleFieldId = form.idOf('title');

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    const field = document.getElementById(titleFieldId);
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
    return () => {
      if (dialog?.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [titleFieldId]);

  const close = () => {
    if (!submission.pending) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border bg-card p-0 text-foreground shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
    >
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-4 p-6">
        <div className="flex flex-col gap-2">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            Pin to dashboard
          </h2>
          <p id={descriptionId} className="text-sm text-pretty text-muted-foreground">
            The dashboard runs this query over its own date range, with the granularity and filters you chose here.
          </p>
        </div>
        <TextField label="Chart title" maxLength={80} autoComplete="off" {...form.field('title')} />
        {submission.error && <ErrorAlert>{submission.error}</ErrorAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={submission.pending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={submission.pending}>
            {submission.pending && <Spinner />}
            Pin chart
          </Button>
        </div>
      </form>
    </dialog>
  );
}
