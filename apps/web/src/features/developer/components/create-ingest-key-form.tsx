import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { createIngestKeyBodySchema } from '@questboard/shared/developer';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useCreateIngestKey } from '../api/create-ingest-key';

/** A name is all a key needs; one per build or platform makes revoking one harmless to the others. */
export function CreateIngestKeyForm({ projectId }: { projectId: string }) {
  const form = useSchemaForm(createIngestKeyBodySchema, { name: '' });
  const create = useCreateIngestKey(projectId);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = form.submit();
    if (!body) return;
    create.mutate(body, {
      onSuccess: (key) => {
        notify.success(`Key "${key.name}" created`);
        form.reset();
      },
      onError: (error) => setServerError(getErrorMessage(error, 'Failed to create the key')),
    });
  };

  return (
    <form noValidate aria-label="Create an ingestion key" onSubmit={onSubmit} className="flex flex-col gap-3">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          {...form.field('name')}
          label="Key name"
          placeholder="e.g. iOS production"
          autoComplete="off"
          spellCheck={false}
          className="sm:max-w-sm sm:flex-1"
        />
        <Button type="submit" disabled={create.isPending} className="w-full sm:mt-[22px] sm:w-auto">
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
          Create key
        </Button>
      </div>
    </form>
  );
}
