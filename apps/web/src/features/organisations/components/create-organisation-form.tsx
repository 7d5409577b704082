import { Building2 } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { createOrganisationBodySchema } from '@questboard/shared/organisations';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';

/** SPEC.md section 8: shown when the failure carries no message of its own. */
export const CREATE_ORGANISATION_FAILED_MESSAGE = 'Failed to create organisation';

/** The organisation name, checked by the shared rules (SPEC.md section 5) before it is sent. */
export function CreateOrganisationForm({ onCreate }: { onCreate: (name: string) => Promise<void> }) {
  const form = useSchemaForm(createOrganisationBodySchema, { name: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const input = form.submit();
    if (!input) return;
    setPending(true);
    try {
      await onCreate(input.name);
    } catch (caught) {
      setError(getErrorMessage(caught, CREATE_ORGANISATION_FAILED_MESSAGE));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="w-full max-w-[440px] p-6 sm:p-8">
      <CardHeader className="mb-6 items-center">
        <span aria-hidden="true" className="mb-2 grid size-11 place-items-center rounded-full bg-primary/10 text-link">
          <Building2 className="size-5" />
        </span>
        <CardTitle as="h1">Create your organisation</CardTitle>
        <CardDescription>
          Your organisation is your studio&apos;s shared workspace: its projects, players and teammates live here. You
          can invite people once it exists.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <form noValidate aria-label="Create your organisation" className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...form.field('name')}
            label="Organisation name"
            autoComplete="organization"
            description="Usually your studio's name. Teammates see it on the invitations you send."
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending && <Spinner />}
            Create organisation
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
