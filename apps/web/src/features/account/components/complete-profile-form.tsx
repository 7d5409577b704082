import { UserRound } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { personNameSchema } from '@questboard/shared/validation';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';

/** SPEC.md section 8: shown when the failure carries no message of its own. */
export const UPDATE_NAME_FAILED_MESSAGE = 'Failed to update name';

interface CompleteProfileFormProps {
  initial: { firstName: string; lastName: string };
  onSave: (firstName: string, lastName: string) => Promise<void>;
}

/** First and last name, each checked by the shared rules (SPEC.md section 5) before they are sent. */
export function CompleteProfileForm({ initial, onSave }: CompleteProfileFormProps) {
  const form = useSchemaForm(personNameSchema, initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const input = form.submit();
    if (!input) return;
    setPending(true);
    try {
      await onSave(input.firstName, input.lastName);
    } catch (caught) {
      setError(getErrorMessage(caught, UPDATE_NAME_FAILED_MESSAGE));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="w-full max-w-[440px] p-6 sm:p-8">
      <CardHeader className="mb-6 items-center">
        <span aria-hidden="true" className="mb-2 grid size-11 place-items-center rounded-full bg-primary/10 text-link">
          <UserRound className="size-5" />
        </span>
        <CardTitle as="h1">Complete your profile</CardTitle>
        <CardDescription>
          Tell your teammates who you are. Your name appears in your organisation&apos;s member list and on the
          invitations you send.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <form noValidate aria-label="Complete your profile" className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
            <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" />
          </div>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending && <Spinner />}
            Continue
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
