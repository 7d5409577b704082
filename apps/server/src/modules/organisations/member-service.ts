import { and, eq } from 'drizzle-orm';
import { displayName } from '@questboard/shared/names';
import {
  canAssign,
  canManageMembers,
  compareRoles,
  type Member,
  type OrganisationRole,
} from '@questboard/shared/organisations';
import type { Db } from '../../db/database';
import { accounts, identityUsers, memberships } from '../../db/schema';
import type { RequestMember } from '../../plugins/membership';
import { countMembers, findMember, withOrganisationLocked } from './membership-store';
import { organisationErrors } from './organisation-errors';

async function selectMembers(db: Db, organisationId: string, userId?: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: memberships.userId,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      email: identityUsers.email,
      name: accounts.name,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.userId))
    .innerJoin(identityUsers, eq(identityUsers.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), userId ? eq(memberships.userId, userId) : undefined));
  return rows.map((row) => ({ ...row, role: row.role, joinedAt: row.joinedAt.toISOString() }));
}

/** Owners, then admins, then members; each group by name (else e-mail address). */
export async function listMembers(db: Db, organisationId: string): Promise<Member[]> {
  const members = await selectMembers(db, organisationId);
  const label = (member: Member) => displayName(member, member.email).toLocaleLowerCase();
  return members.sort(
    (a, b) => compareRoles(a.role, b.role) || label(a).localeCompare(label(b)) || a.email.localeCompare(b.email),
  );
}

/**
 * Loads actor and target inside the organisation's lock: the actor's role is re-read there, so a
 * demotion that landed a moment ago counts.
 */
async function actorAndTarget(tx: Db, actor: RequestMember, userId: string) {
  const current = await findMember(tx, actor.organisationId, actor.userId);
  if (!current) throw organisationErrors.required();
  const target = await findMember(tx, actor.organisationId, userId);
  if (!target) throw organisationErrors.memberNotFound();
  return { actorRole: current.role, target };
}

async function assertNotLastOwner(tx: Db, organisationId: string, role: OrganisationRole) {
  if (role === 'owner' && (await countMembers(tx, organisationId, 'owner')) <= 1) throw organisationErrors.lastOwner();
}

export async function changeMemberRole(
  db: Db,
  actor: RequestMember,
  userId: string,
  role: OrganisationRole,
): Promise<Member> {
  if (!canManageMembers(actor.role)) throw organisationErrors.insufficientRole('change roles');
  return withOrganisationLocked(db, actor.organisationId, async (tx) => {
    const { actorRole, target } = await actorAndTarget(tx, actor, userId);
    if (!canManageMembers(actorRole)) throw organisationErrors.insufficientRole('change roles');
    if (!canAssign(actorRole, target.role) || !canAssign(actorRole, role)) {
      throw organisationErrors.roleTooHigh('You cannot change a role above your own.');
    }
    if (role !== 'owner') await assertNotLastOwner(tx, actor.organisationId, target.role);
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organisationId, actor.organisationId), eq(memberships.userId, userId)));
    const [member] = await selectMembers(tx, actor.organisationId, userId);
    if (!member) throw organisationErrors.memberNotFound();
    return member;
  });
}

export async function removeMember(db: Db, actor: RequestMember, userId: string): Promise<void> {
  if (!canManageMembers(actor.role)) throw organisationErrors.insufficientRole('remove members');
  await withOrganisationLocked(db, actor.organisationId, async (tx) => {
    const { actorRole, target } = await actorAndTarget(tx, actor, userId);
    if (!canManageMembers(actorRole)) throw organisationErrors.insufficientRole('remove members');
    if (!canAssign(actorRole, target.role))
      throw organisationErrors.roleTooHigh('You cannot remove someone whose role is above your own.');
    await assertNotLastOwner(tx, actor.organisationId, target.role);
    await deleteMembership(tx, actor.organisationId, userId);
  });
}

export async function leaveOrganisation(db: Db, actor: RequestMember): Promise<void> {
  await withOrganisationLocked(db, actor.organisationId, async (tx) => {
    const current = await findMember(tx, actor.organisationId, actor.userId);
    if (!current) throw organisationErrors.required();
    await assertNotLastOwner(tx, actor.organisationId, current.role);
    await deleteMembership(tx, actor.organisationId, actor.userId);
  });
}

async function deleteMembership(tx: Db, organisationId: string, userId: string) {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}
