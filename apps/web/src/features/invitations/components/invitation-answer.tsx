import { Info, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Invitation } from '@questboard/shared/invitations';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { AccessCard } from './access-card';
import { InvitationSummary } from './invitation-summary';

export type InvitationAction = 'accept' | 'decline' | 'create-own';

interface InvitationAnswerProps {
  invitation: Invitation;
  /** The organisation the person already belongs to: joining another means leaving it first. */
  currentOrganisation: { name: string; href: string } | null;
  pending: InvitationAction | null;
  error: string | null;
  onAccept: () => void;
  /** Resolves once declined; a rejection is shown in the confirmation. */
  onDecline: () => Promise<void>;
  onCreateOwn: () => void;
}

/** The invited person's choice: Accept, Decline (confirmed first), or Create my own organisation. */
export function InvitationAnswer(props: InvitationAnswerProps) {
  const { invitation, currentOrganisation, pending, error, onAccept, onDecline, onCreateOwn } = props;
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const busy = pending !== null;

  return (
    <AccessCard icon={<MailOpen />} title="You've been invited">
      <InvitationSummary invitation={invitation} />
      {error && <ErrorAlert>{error}</ErrorAlert>}

      {currentOrganisation ? (
        <>
          <div className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-sm text-pretty">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-link" />
            <p>
              You already belong to <strong className="font-medium">{currentOrganisation.name}</strong>. To join{' '}
              {invitation.organisationName}, leave {currentOrganisation.name} first, then open this invitation again.
            </p>
          </div>
          <Link to={currentOrganisation.href} className={buttonClasses('primary', 'md', 'w-full')}>
            Go to {currentOrganisation.name}
          </Link>
          <Button variant="outline" className="w-full" disabled={busy} onClick={() => setConfirmingDecline(true)}>
            Decline
          </Button>
        </>
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button className="w-full sm:flex-1" disabled={busy} onClick={onAccept}>
              {pending === 'accept' && <Spinner />}
              Accept
            </Button>
            <Button variant="outline" className="w-full sm:flex-1" disabled={busy} onClick={() => setConfirmingDecline(true)}>
              Decline
            </Button>
          </div>
          <div className="flex flex-col items-center gap-1 border-t pt-4 text-center">
            <p className="text-sm text-muted-foreground">Setting up a separate studio instead?</p>
            <Button variant="ghost" className="w-full" disabled={busy} onClick={onCreateOwn}>
              {pending === 'create-own' && <Spinner />}
              Create my own organisation
            </Button>
          </div>
        </>
      )}

      {confirmingDecline && (
        <ConfirmDialog
          title="Decline this invitation?"
          description={`You won't join ${invitation.organisationName}. ${invitation.inviterName ?? 'They'} can invite you again later.`}
          confirmLabel="Decline invitation"
          destructive
          failureMessage="Failed to decline the invitation"
          onConfirm={onDecline}
          onClose={() => setConfirmingDecline(false)}
        />
      )}
    </AccessCard>
  );
}
