import { UserRound } from 'lucide-react';
import { personNameSchema } from '@questboard/shared/validation';

import { SetupCard } from '../../../components/layouts/setup-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFormSubmission } from '../../../hooks/use-form-submission';
import { useSchemaForm } from '../../../hooks/use-schema-form';

/** docs/product/rules-and-messages.md#errors: shown when the failure carries no message of its own. */
export const UPDATE_NAME_FAILED_MESSAGE = 'Failed to update name';

interface CompleteProfileFormProps {
  initial: { firstName: string; lastName: string };
  onSave: (firstName: string, lastName: string) => Promise<void>;
}

/** First and last name, each checked by the shared rules (docs/product/rules-and-messages.md#validation) before they are sent. */
export function CompleteProfileForm({ initial, onSave }: CompleteProfileFormProps) {
  const form = useSchemaForm(personNameSchema, initial);
  const { pending, error, onSubmit } = useFormSubmission(form, (input) => onSave(input.firstName, input.lastName), UPDATE_NAME_FAILED_MESSAGE);

  return (
    <SetupCard
      icon={UserRound}
      title="Complete your profile"
      description="Tell your teammates who you are. Your name appears in your organisation's member list and on the invitations you send."
      error={error}
    >
      <form noValidate aria-label="Complete your profile" className="flex flex-col gap-4" onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" />
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending && <Spinner />}
          Continue
        </Button>
      </form>
    </SetupCard>
  );
}
