import type { OrganisationRole } from '@questboard/shared/organisations';

/**
 * Owners and admins edit the draft, publish and roll back; members read and preview (the server's
 * ownersAndAdmins, ADR 021). The same people create, start, stop and ship experiments: shipping
 * publishes config.
 */
export function canEditLiveConfig(role: OrganisationRole): boolean {
  return role === 'owner' || role === 'admin';
}
