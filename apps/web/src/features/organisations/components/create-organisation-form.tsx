import { Building2 } from 'lucide-react';
import { createOrganisationBodySchema } from '@questboard/shared/organisations';

import { SetupCard } from '../../../components/layouts/setup-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFormSubmission } from '../../../hooks/use-form-submission';
import { useSchemaForm } from '../../../hooks/use-schema-form';

/** docs/product/rules-and-messages.md#errors: shown when the failure carries no message of its own. */
export const CREATE_ORGANISATION_FAILED_MESSAGE = 'Failed to create organisation';

/** The organisation name, checked by the shared rules (docs/product/rules-and-messages.md#validation) before it is sent. */
export function CreateOrganisationForm({ onCreate }: { onCreate: (name: string) => Promise<void> }) {
  const form = useSchemaForm(createOrganisationBodySchema, { name: '' });
  const { pending, error, onSubmit } = useFormSubmission(form, (input) => onCreate(input.name), CREATE_ORGANISATION_FAILED_MESSAGE);

  return (
    <SetupCard
      icon={Building2}
      title="Create your organisation"
      description="Your organisation is your studio's shared workspace: its projects, players and teammates live here. You can invite people once it exists."
      error={error}
    >
      <form noValidate aria-label="Create your organisation" className="flex flex-col gap-4" onSubmit={onSubmit}>
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
    </SetupCard>
  );
}
