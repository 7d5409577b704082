import { and, count, eq, sql } from 'drizzle-orm';
import type { OrganisationRole } from '@questboard/shared/organisations';
import type { Db } from '../../db/database';
import { accounts, identityUsers, memberships, organisations } from '../../db/schema';

export interface MembershipRow {
  organisationId: string;
  userId: string;
  role: OrganisationRole;
  createdAt: Date;
}

const membershipColumns = {
  organisationId: memberships.organisationId,
  userId: memberships.userId,
  role: memberships.role,
  createdAt: memberships.createdAt,
};

/** The user's membership and its organisation, read from the database (never from the token). */
export async function findMembershipOf(db: Db, userId: string) {
  const [row] = await db
    .select({ ...membershipColumns, organisation: organisations })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .limit(1);
  return row;
}

function requestMemberQuery(db: Db) {
  return db
    .select({ user: identityUsers, account: accounts, membership: membershipColumns, organisation: organisations })
    .from(identityUsers)
    .leftJoin(accounts, eq(accounts.id, identityUsers.id))
    .leftJoin(memberships, eq(memberships.userId, accounts.id))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(identityUsers.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_request_member');
}

// Prepared once per database: no SQL is built per call.
const requestMemberQueries = new WeakMap<Db, ReturnType<typeof requestMemberQuery>>();

/**
 * What the /core guards check, in one round trip: the identity user, their account, and their
 * membership with its organisation (ADR 005). A part that does not exist is undefined; undefined
 * altogether when the user does not. The guards read it through the state cache (ADR 019).
 */
export async function findRequestMember(db: Db, userId: string) {
  let query = requestMemberQueries.get(db);
  if (!query) requestMemberQueries.set(db, (query = requestMemberQuery(db)));
  const [row] = await query.execute({ userId });
  if (!row) return undefined;
  const { user, account, membership, organisation } = row;
  return {
    user,
    account: account ?? undefined,
    membership: membership && organisation ? { ...membership, organisation } : undefined,
  };
}
export type RequestMemberFound = Awaited<ReturnType<typeof findRequestMember>>;

export async function findMember(db: Db, organisationId: string, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select(membershipColumns)
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function countMembers(db: Db, organisationId: string, role?: OrganisationRole): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), role ? eq(memberships.role, role) : undefined));
  return row?.value ?? 0;
}

/**
 * Runs `work` while holding the organisation's row lock, so membership changes of one organisation
 * happen one at a time: two owners demoting each other at once cannot leave it without an owner.
 */
export async function withOrganisationLocked<T>(
  db: Db,
  organisationId: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    return work(tx);
  });
}
