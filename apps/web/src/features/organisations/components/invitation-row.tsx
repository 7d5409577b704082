import { RotateCw } from 'lucide-react';
import { formatDate, formatRelativeTime, justNowText } from '@questboard/shared/dates';
import type { OrganisationInvitation } from '@questboard/shared/invitations';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { roleLabels } from '../../../utils/organisation-roles';

interface InvitationRowProps {
  invitation: OrganisationInvitation;
  /** The viewer may resend and withdraw it (its role is not above theirs). */
  canManage: boolean;
  resending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}

export function InvitationRow({ invitation, canManage, resending, onResend, onRevoke }: InvitationRowProps) {
  const { email, role, status, invitedBy, createdAt, expiresAt } = invitation;
  const expired = status === 'EXPIRED';
  const sent = formatRelativeTime(createdAt);
  const facts = [
    `Sent ${sent === justNowText ? 'just now' : sent}${invitedBy ? ` by ${invitedBy}` : ''}`,
    `${expired ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`,
  ];

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium">{email}</span>
          <Badge>{roleLabels[role]}</Badge>
          <Badge tone={expired ? 'danger' : 'info'}>{expired ? 'Expired' : 'Pending'}</Badge>
        </span>
        <span className="text-sm text-muted-foreground">{facts.join(' · ')}</span>
      </div>
      {canManage && (
        // Flush with the text above when the actions wrap under it (narrow screens).
        <div className="-ml-3 flex items-center gap-1 sm:ml-0">
          <Button variant="ghost" size="sm" aria-label={`Resend the invitation to ${email}`} disabled={resending} onClick={onResend}>
            {resending ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
            Resend
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${email}`} disabled={resending} onClick={onRevoke}>
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}
