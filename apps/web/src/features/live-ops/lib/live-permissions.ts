import type { OrganisationRole } from '@questboard/shared/organisations';

/** Owners and admins edit the draft, publish and roll back; members read and preview (the server's ownersAndAdmins, ADR 021). */
export function canEditLiveConfig(role: OrganisationRole): boolean {
  return role === 'owner' || role === 'admin';
}
