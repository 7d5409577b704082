import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Invitation, InvitationStatus, OrganisationInvitation } from '@questboard/shared/invitations';
import { displayName } from '@questboard/shared/names';
import type { Db } from '../../db/database';
import { accounts, identityUsers, invitations, organisations } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

const inviterAccount = alias(accounts, 'inviter_account');
const inviterUser = alias(identityUsers, 'inviter_user');

/** Invitations with what every answer shows (the organisation and who invited), newest first. */
export async function selectInvitations(db: Db, where: SQL | undefined) {
  return db
    .select({
      invitation: invitations,
      organisationName: organisations.name,
      organisationActive: organisations.isActive,
      // Drizzle reads a left-joined object as missing when its FIRST column is null: lead with the key.
      inviterAccount: {
        id: inviterAccount.id,
        name: inviterAccount.name,
        firstName: inviterAccount.firstName,
        lastName: inviterAccount.lastName,
      },
      inviterUser: { id: inviterUser.id, displayName: inviterUser.displayName, email: inviterUser.email },
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .leftJoin(inviterAccount, eq(inviterAccount.id, invitations.invitedBy))
    .leftJoin(inviterUser, eq(inviterUser.id, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export type InvitationWithContext = Awaited<ReturnType<typeof selectInvitations>>[number];

export async function findInvitation(db: Db, where: SQL | undefined): Promise<InvitationWithContext | undefined> {
  const [row] = await selectInvitations(db, where);
  return row;
}

/** EXPIRED is never stored: it is a PENDING invitation at or past its expiry. */
export function effectiveStatus(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status;
}

/** The inviter's name, else their e-mail address; null once their account is gone. */
export function inviterName(row: InvitationWithContext): string | null {
  if (!row.inviterUser) return null;
  return displayName(row.inviterAccount, row.inviterUser.displayName ?? row.inviterUser.email);
}

export function toOrganisationInvitation(row: InvitationWithContext, now: Date): OrganisationInvitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: effectiveStatus(invitation, now),
    invitedBy: inviterName(row),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export function toInvitation(row: InvitationWithContext, now: Date): Invitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    organisationName: row.organisationName,
    inviterName: inviterName(row),
    role: invitation.role,
    email: invitation.email,
    status: effectiveStatus(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
