import { LockKeyhole, UserMinus } from 'lucide-react';
import { displayName, initials } from '@questboard/shared/names';
import type { Member, OrganisationRole } from '@questboard/shared/organisations';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { roleLabels } from '../../../utils/organisation-roles';

interface MemberRowProps {
  member: Member;
  isYou: boolean;
  /** The roles the viewer may give this member; null when the viewer may not change it. */
  roleChoices: OrganisationRole[] | null;
  canRemove: boolean;
  /** Why the viewer, who manages others, has no controls here. */
  lockedReason?: string | null;
  busy: boolean;
  onRoleChange: (role: OrganisationRole) => void;
  onRemove: () => void;
}

export function MemberRow({ member, isYou, roleChoices, canRemove, lockedReason, busy, onRoleChange, onRemove }: MemberRowProps) {
  const name = displayName(member, member.email);

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-xs font-semibold text-foreground"
      >
        {initials(member, member.email)}
      </span>
      <div className="flex min-w-0 flex-1 basis-40 flex-col">
        <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <span className="truncate">{name}</span>
          {isYou && <Badge tone="info">You</Badge>}
        </span>
        <span className="truncate text-sm text-muted-foreground">{member.email}</span>
      </div>
      <div className="ml-12 flex items-center gap-1.5 sm:ml-0">
        {roleChoices ? (
          <Select
            size="sm"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRoleChange(event.target.value as OrganisationRole)}
            className="w-28"
          >
            {roleChoices.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        ) : (
          <Badge>{roleLabels[member.role]}</Badge>
        )}
        {lockedReason && (
          // Sits where the remove button would, so the reason is beside the missing controls.
          <span title={lockedReason} className="grid size-9 place-items-center text-muted-foreground">
            <LockKeyhole aria-hidden="true" className="size-4" />
            <span className="sr-only">{lockedReason}</span>
          </span>
        )}
        {canRemove && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} title={`Remove ${name}`} disabled={busy} onClick={onRemove}>
            <UserMinus aria-hidden="true" className="size-4 text-muted-foreground" />
          </Button>
        )}
      </div>
    </li>
  );
}
