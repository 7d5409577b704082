import { Send } from 'lucide-react';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { createInvitationBodySchema } from '@questboard/shared/invitations';
import { assignableRoles } from '@questboard/shared/organisations';
import type { OrganisationRole } from '@questboard/shared/organisations';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { roleDescriptions, roleLabels } from '../../../utils/organisation-roles';
import { useCreateInvitation } from '../api/create-invitation';

interface InviteFormProps {
  organisationId: string;
  myRole: OrganisationRole;
}

/** An address and a role (never above the inviter's own); the server e-mails the link. */
export function InviteForm({ organisationId, myRole }: InviteFormProps) {
  const form = useSchemaForm(createInvitationBodySchema, { email: '', role: 'member' });
  const create = useCreateInvitation(organisationId);
  const [serverError, setServerError] = useState<string | null>(null);
  const role = form.field('role');
  const roleId = role.id;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = form.submit();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (invitation) => {
        notify.success(`Invitation sent to ${invitation.email}`);
        // Ready for the next teammate, with the same role.
        form.reset({ email: '', role: input.role });
        document.getElementById(form.idOf('email'))?.focus();
      },
      onError: (error) => setServerError(getErrorMessage(error, 'Failed to send the invitation')),
    });
  };

  return (
    <form noValidate aria-label="Invite a teammate" onSubmit={onSubmit} className="flex flex-col gap-3">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          {...form.field('email')}
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="teammate@studio.com"
          className="sm:flex-1"
        />
        <div className="flex flex-col gap-2 sm:w-36">
          <Label htmlFor={roleId}>Role</Label>
          <Select id={roleId} name="role" value={role.value} onChange={role.onChange} aria-describedby={`${roleId}-hint`}>
            {assignableRoles(myRole).map((choice) => (
              <option key={choice} value={choice}>
                {roleLabels[choice]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={create.isPending} className="w-full sm:mt-[22px] sm:w-auto">
          {create.isPending ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
          Send invitation
        </Button>
      </div>
      <p id={`${roleId}-hint`} className="text-xs text-muted-foreground">
        {roleLabels[role.value as OrganisationRole]}: {roleDescriptions[role.value as OrganisationRole]}.
      </p>
    </form>
  );
}
