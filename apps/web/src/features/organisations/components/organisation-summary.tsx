import { formatDate } from '@questboard/shared/dates';
import { initials, organisationStatus } from '@questboard/shared/names';
import type { Organisation } from '@questboard/shared/organisations';

import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { roleLabels } from '../../../utils/organisation-roles';

/**
 * The organisation's name, its state (the message of docs/product/rules-and-messages.md#account-and-organisation) and the viewer's place in it.
 * `memberCount`: the loaded list's length when there is one, fresher than the organisation's.
 */
export function OrganisationSummary({ organisation, memberCount }: { organisation: Organisation; memberCount: number }) {
  const status = organisationStatus(organisation);
  const facts = [
    `${memberCount} ${memberCount === 1 ? 'member' : 'members'}`,
    `Created ${formatDate(organisation.createdAt)}`,
  ];

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary text-base font-semibold text-primary-foreground"
        >
          {initials({ name: organisation.name })}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-lg font-semibold tracking-tight wrap-break-word">{organisation.name}</h2>
            <Badge>Your role: {roleLabels[organisation.role]}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">{facts.join(' · ')}</p>
          {status.active && (
            <p className="flex items-center gap-2 text-sm text-success">
              <span aria-hidden="true" className="size-2 rounded-full bg-success" />
              {status.message}
            </p>
          )}
        </div>
      </div>
      {!status.active && <ErrorAlert>{status.message}</ErrorAlert>}
    </Card>
  );
}
