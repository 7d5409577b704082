import { MailPlus } from 'lucide-react';
import { useRef } from 'react';
import { INVITATION_TTL_DAYS } from '@questboard/shared/invitations';
import type { OrganisationInvitation } from '@questboard/shared/invitations';
import { canAssign } from '@questboard/shared/organisations';
import type { Organisation } from '@questboard/shared/organisations';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useOrganisationInvitations } from '../api/get-organisation-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InvitationRow } from './invitation-row';
import { InviteForm } from './invite-form';

/** Owners and admins: invite people, and resend or withdraw invitations not yet answered. */
export function InvitationsSection({ organisation }: { organisation: Organisation }) {
  const invitations = useOrganisationInvitations(organisation.id);
  const resend = useResendInvitation(organisation.id);
  const revoke = useRevokeInvitation(organisation.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const revocation = useConfirmation<OrganisationInvitation>(headingRef);
  const list = invitations.data;

  const onResend = (invitation: OrganisationInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify.success(`Invitation sent again to ${invitation.email}`),
      onError: (error) => notify.error(getErrorMessage(error, 'Failed to resend the invitation')),
    });

  return (
    <SettingsSection
      title="Invitations"
      headingRef={headingRef}
      count={list && list.length > 0 ? list.length : undefined}
      description={`Invite teammates by email. Each invitation link works for ${INVITATION_TTL_DAYS} days and only for the invited address.`}
    >
      <InviteForm organisationId={organisation.id} myRole={organisation.role} />
      <div className="mt-5 border-t pt-2">
        {invitations.isPending && <ListSkeleton label="Loading invitations..." rows={2} />}
        {invitations.isError && (
          <div className="pt-3">
            <LoadError
              message={getErrorMessage(invitations.error, 'Failed to load invitations')}
              onRetry={() => void invitations.refetch()}
            />
          </div>
        )}
        {list?.length === 0 && (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
              <MailPlus className="size-5" />
            </span>
            <p className="text-sm font-medium">No pending invitations</p>
            <p className="max-w-xs text-sm text-pretty text-muted-foreground">
              Invitations you send appear here until they are accepted or declined.
            </p>
          </div>
        )}
        {list && list.length > 0 && (
          <ul aria-label="Pending invitations" className="divide-y">
            {list.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                canManage={canAssign(organisation.role, invitation.role)}
                resending={resend.isPending && resend.variables === invitation.id}
                onResend={() => onResend(invitation)}
                onRevoke={() => revocation.ask(invitation)}
              />
            ))}
          </ul>
        )}
      </div>

      {revocation.subject && (
        <ConfirmDialog
          title="Revoke this invitation?"
          description={`The link sent to ${revocation.subject.email} will stop working. You can invite them again later.`}
          confirmLabel="Revoke invitation"
          destructive
          failureMessage="Failed to revoke the invitation"
          onConfirm={async () => {
            const invitation = revocation.subject;
            if (!invitation) return;
            await revoke.mutateAsync(invitation.id);
            revocation.succeeded();
            notify.success(`Invitation to ${invitation.email} revoked`);
          }}
          onClose={revocation.close}
        />
      )}
    </SettingsSection>
  );
}
