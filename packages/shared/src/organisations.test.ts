import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canAssign,
  canManageMembers,
  compareRoles,
  organisationRoles,
  type OrganisationRole,
} from './organisations';

describe('organisation roles', () => {
  it.each<[OrganisationRole, OrganisationRole, boolean]>([
    ['owner', 'owner', true],
    ['owner', 'admin', true],
    ['owner', 'member', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'member', true],
    ['member', 'owner', false],
    ['member', 'admin', false],
    ['member', 'member', true],
  ])('%s may assign %s: %s', (actor, target, expected) => {
    expect(canAssign(actor, target)).toBe(expected);
  });

  it.each<[OrganisationRole, OrganisationRole[], boolean]>([
    ['owner', ['owner', 'admin', 'member'], true],
    ['admin', ['admin', 'member'], true],
    ['member', ['member'], false],
  ])('%s hands out %j and manages members: %s', (actor, roles, manages) => {
    expect(assignableRoles(actor)).toEqual(roles);
    expect(canManageMembers(actor)).toBe(manages);
  });

  it('sorts owners, then admins, then members', () => {
    expect((['member', 'owner', 'admin', 'member', 'owner'] as const).toSorted(compareRoles)).toEqual([
      'owner',
      'owner',
      'admin',
      'member',
      'member',
    ]);
    expect([...organisationRoles].reverse().sort(compareRoles)).toEqual([...organisationRoles]);
  });
});
