import { createChartBodySchema } from '@questboard/shared/analytics-dashboard';

import { ErrorAlert } from '../../../components/ui/alert';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useFormSubmission } from '../../../hooks/use-form-submission';
import { useSchemaForm } from '../../../hooks/use-schema-form';

const titleSchema = createChartBodySchema.pick({ title: true });

export const PIN_FAILED_MESSAGE = 'The chart could not be pinned. Try again.';

/**
 * Asks the title of a chart to pin (`ModalDialog`), with the title field focused and selected.
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
  const form = useSchemaForm(titleSchema, { title: defaultTitle });
  const submission = useFormSubmission(form, ({ title }) => onPin(title), PIN_FAILED_MESSAGE);
  const titleFieldId = form.idOf('title');

  const close = () => {
    if (!submission.pending) onClose();
  };

  return (
    <ModalDialog
      title="Pin to dashboard"
      description="The dashboard runs this query over its own date range, with the granularity and filters you chose here."
      onDismiss={close}
      focusOnOpen={() => {
        const field = document.getElementById(titleFieldId);
        if (field instanceof HTMLInputElement) {
          field.focus();
          field.select();
        }
      }}
      onSubmit={submission.onSubmit}
    >
      <TextField label="Chart title" maxLength={80} autoComplete="off" {...form.field('title')} />
      {submission.error && <ErrorAlert>{submission.error}</ErrorAlert>}
      <DialogButtons pending={submission.pending} onCancel={close} confirmLabel="Pin chart" />
    </ModalDialog>
  );
}
