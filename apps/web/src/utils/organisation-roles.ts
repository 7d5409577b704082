// How organisation roles read in the UI. Who may do what is decided in packages/shared (canAssign,
// canManageMembers); these are only the words.
import type { OrganisationRole } from '@questboard/shared/organisations';

export const roleLabels: Record<OrganisationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const roleDescriptions: Record<OrganisationRole, string> = {
  owner: 'Full access, including managing owners',
  admin: 'Manages members and invitations',
  member: 'Works on projects; sees members read-only',
};

/** "an Owner", "an Admin", "a Member". */
export function roleWithArticle(role: OrganisationRole): string {
  const label = roleLabels[role];
  return `${/^[AEIOU]/u.test(label) ? 'an' : 'a'} ${label}`;
}
