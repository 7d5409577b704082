import { describe, expect, it } from 'vitest';
import type { OrganisationRole } from '@questboard/shared/organisations';

import { memberPermissions } from './member-permissions';

const ownerOnly = 'Only an owner can change or remove an owner.';

describe('memberPermissions', () => {
  it.each<[OrganisationRole, OrganisationRole, boolean, OrganisationRole[] | null, boolean, string | null]>([
    // viewer, member, is you, role choices, can remove, reason
    ['owner', 'owner', false, ['owner', 'admin', 'member'], true, null],
    ['owner', 'admin', false, ['owner', 'admin', 'member'], true, null],
    ['owner', 'member', false, ['owner', 'admin', 'member'], true, null],
    ['owner', 'owner', true, null, false, 'Only another owner can change your role.'],
    ['admin', 'owner', false, null, false, ownerOnly],
    ['admin', 'admin', false, ['admin', 'member'], true, null],
    ['admin', 'member', false, ['admin', 'member'], true, null],
    ['admin', 'admin', true, null, false, 'Only an owner or another admin can change your role.'],
    ['member', 'owner', false, null, false, null],
    ['member', 'admin', false, null, false, null],
    ['member', 'member', false, null, false, null],
    ['member', 'member', true, null, false, null],
  ])('a %s viewing a %s (you: %s)', (viewer, member, isYou, roleChoices, canRemove, lockedReason) => {
    expect(memberPermissions(viewer, member, isYou)).toEqual({ roleChoices, canRemove, lockedReason });
  });
});
