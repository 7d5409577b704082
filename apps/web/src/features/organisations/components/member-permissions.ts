import { assignableRoles, canAssign, canManageMembers } from '@questboard/shared/organisations';
import type { OrganisationRole } from '@questboard/shared/organisations';

export interface MemberPermissions {
  /** The roles the viewer may give this member; null when the viewer may not change it. */
  roleChoices: OrganisationRole[] | null;
  canRemove: boolean;
  /** Why a manager sees no controls on this row (members read the section's description instead). */
  lockedReason: string | null;
}

const locked = (reason: string | null): MemberPermissions => ({ roleChoices: null, canRemove: false, lockedReason: reason });

/**
 * What the viewer may do to one member's row. The server decides (member-service.ts); this only
 * hides what it would refuse: never above your own role, and your own membership is someone else's
 * to change (or yours to leave, on the organisation page).
 */
export function memberPermissions(viewerRole: OrganisationRole, memberRole: OrganisationRole, isYou: boolean): MemberPermissions {
  if (!canManageMembers(viewerRole)) return locked(null);
  if (isYou) {
    return locked(
      viewerRole === 'owner'
        ? 'Only another owner can change your role.'
        : 'Only an owner or another admin can change your role.',
    );
  }
  if (!canAssign(viewerRole, memberRole)) return locked('Only an owner can change or remove an owner.');
  return { roleChoices: assignableRoles(viewerRole), canRemove: true, lockedReason: null };
}
