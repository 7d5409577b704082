import { CalendarClock, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '@questboard/shared/dates';
import type { Invitation } from '@questboard/shared/invitations';

import { roleDescriptions, roleLabels } from '../../../utils/organisation-roles';

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 py-2.5">
      <span aria-hidden="true" className="mt-0.5 text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <dt className="w-16 shrink-0 text-muted-foreground sm:w-20">{term}</dt>
      <dd className="min-w-0 flex-1 font-medium wrap-break-word">{children}</dd>
    </div>
  );
}

/** Who invites you to what, with which role, to which address, until when. */
export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  const { inviterName, organisationName, role, email, expiresAt } = invitation;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-center text-pretty text-muted-foreground">
        {inviterName ? (
          <>
            <strong className="font-semibold text-foreground">{inviterName}</strong> invited you to join{' '}
          </>
        ) : (
          'You have been invited to join '
        )}
        <strong className="font-semibold text-foreground">{organisationName}</strong>.
      </p>
      <dl className="divide-y rounded-xl border bg-background/60 px-4 text-sm">
        <Detail icon={<ShieldCheck />} term="Role">
          {roleLabels[role]}
          <span className="block text-xs font-normal text-muted-foreground">{roleDescriptions[role]}</span>
        </Detail>
        <Detail icon={<Mail />} term="Sent to">
          {/* On a narrow screen a long address wraps after the @, not mid-word. */}
          {email.split('@')[0]}
          <wbr />@{email.split('@').slice(1).join('@')}
        </Detail>
        <Detail icon={<CalendarClock />} term="Expires">
          <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
        </Detail>
      </dl>
    </div>
  );
}
