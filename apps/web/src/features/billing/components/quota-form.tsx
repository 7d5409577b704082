import { Save, X } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useSetQuota } from '../api/set-quota';
import { quotaFormSchema, quotaToText } from './quota-form-schema';

/** Owners set the quota (empty: no limit) or remove it. Keyed by the saved quota, so a save starts it afresh. */
export function QuotaForm({ organisationId, quota }: { organisationId: string; quota: number | null }) {
  const form = useSchemaForm(quotaFormSchema, { monthlyEventQuota: quotaToText(quota) });
  const save = useSetQuota(organisationId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const send = (monthlyEventQuota: number | null) => {
    setServerError(null);
    setRemoving(monthlyEventQuota === null);
    // Not mutate()'s callbacks: a saved quota re-keys this form, and they would not run after it unmounts.
    save.mutateAsync({ monthlyEventQuota }).then(
      (saved) => notify.success(saved.monthlyEventQuota === null ? 'Monthly quota removed' : 'Monthly quota saved'),
      (error: unknown) => setServerError(getErrorMessage(error, 'Failed to save the quota')),
    );
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.submit();
    if (body) send(body.monthlyEventQuota);
  };

  return (
    <form noValidate aria-label="Monthly event quota" onSubmit={onSubmit} className="flex flex-col gap-4 border-t pt-4">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <TextField
        {...form.field('monthlyEventQuota')}
        label="Events per month"
        inputMode="numeric"
        autoComplete="off"
        placeholder="No limit"
        description="For the whole organisation. Leave empty for no limit."
        className="max-w-sm"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && !removing ? <Spinner /> : <Save aria-hidden="true" className="size-4" />}
          Save quota
        </Button>
        {quota !== null && (
          <Button variant="outline" disabled={save.isPending} onClick={() => send(null)}>
            {save.isPending && removing ? <Spinner /> : <X aria-hidden="true" className="size-4" />}
            Remove quota
          </Button>
        )}
      </div>
    </form>
  );
}
