import type { Organisation } from '@questboard/shared/organisations';
import type { Db } from '../../db/database';
import { memberships, organisations } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { countMembers, findMembershipOf } from './membership-store';
import { organisationErrors } from './organisation-errors';

/** Whether the user is a member of an organisation already (one each, ADR 005): for the invitations module. */
export async function belongsToAnOrganisation(db: Db, userId: string): Promise<boolean> {
  return (await findMembershipOf(db, userId)) !== undefined;
}

/** The caller's organisation, active or not (the app shows the inactive message itself). */
export async function organisationInfo(db: Db, userId: string): Promise<Organisation> {
  const membership = await findMembershipOf(db, userId);
  if (!membership) throw organisationErrors.notFound();
  const { organisation } = membership;
  return {
    id: organisation.id,
    name: organisation.name,
    isActive: organisation.isActive,
    role: membership.role,
    createdAt: organisation.createdAt.toISOString(),
    memberCount: await countMembers(db, organisation.id),
  };
}

/** Creates an organisation with the caller as its owner; one organisation per user. */
export async function createOrganisation(db: Db, clock: Clock, userId: string, name: string): Promise<Organisation> {
  if (await findMembershipOf(db, userId)) throw organisationErrors.alreadyInOrganisation();
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(organisations)
      .values({ name, createdBy: userId, createdAt: now, updatedAt: now })
      .returning({ id: organisations.id });
    if (!organisation) throw new Error('organisation insert returned nothing');
    // Two creations racing: the unique user_id lets one membership in; the other rolls back.
    const [membership] = await tx
      .insert(memberships)
      .values({ organisationId: organisation.id, userId, role: 'owner', createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: memberships.userId });
    if (!membership) throw organisationErrors.alreadyInOrganisation();
  });
  return organisationInfo(db, userId);
}
