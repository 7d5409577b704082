import { and, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { INVITATION_TTL_MS, type OrganisationInvitation } from '@questboard/shared/invitations';
import { canAssign, canManageMembers, type OrganisationRole } from '@questboard/shared/organisations';
import type { Db } from '../../db/database';
import { identityUsers, invitations, memberships } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { memoryRateLimits, type RateLimits } from '../../lib/rate-limits';
import { hashSecret, randomSecret } from '../../lib/secrets';
import { tooManyRequests } from '../../http-error';
import type { Mailer } from '../../mail/mailer';
import type { RequestMember } from '../../plugins/membership';
import { organisationErrors } from '../organisations/organisation-errors';
import { closedInvitationError, invitationErrors } from './invitation-errors';
import { invitationEmail } from './invitation-email';
import {
  effectiveStatus,
  findInvitation,
  inviterName,
  selectInvitations,
  toOrganisationInvitation,
  type InvitationWithContext,
} from './invitation-store';

export interface InvitationServiceDependencies {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  appName: string;
  logger: FastifyBaseLogger;
  /** Memory by default; PostgreSQL with several processes (ADR 032). */
  rateLimits?: RateLimits;
}

const hourMs = 60 * 60 * 1000;

/** The inviting side: owners and admins invite, list, resend and withdraw their organisation's invitations. */
export function createInvitationService({ db, clock, mailer, appUrl, appName, logger, rateLimits }: InvitationServiceDependencies) {
  // Every invitation is an e-mail to a stranger's address: cap them per organisation.
  const mailsPerOrganisation = (rateLimits ?? memoryRateLimits(clock))('invitation-mails-per-organisation', 50, hourMs);

  const assertManager = (actor: RequestMember) => {
    if (!canManageMembers(actor.role)) throw organisationErrors.insufficientRole('manage invitations');
  };
  const assertRole = (actor: RequestMember, role: OrganisationRole) => {
    if (!canAssign(actor.role, role)) throw invitationErrors.roleTooHigh();
  };
  const limitMail = async (organisationId: string) => {
    const verdict = await mailsPerOrganisation.hit(organisationId);
    if (!verdict.allowed)
      throw tooManyRequests(verdict.retryAfterSeconds, 'Too many invitations sent. Please wait and try again.');
  };
  const inOrganisation = (actor: RequestMember, id: string) =>
    and(eq(invitations.id, id), eq(invitations.organisationId, actor.organisationId));

  async function mailInvitation(row: InvitationWithContext, code: string) {
    const link = new URL(`/access/${code}`, appUrl).href;
    const inviter = inviterName(row) ?? 'Someone';
    const { email: to, role } = row.invitation;
    await mailer.send(
      invitationEmail({ appName, to, inviter, organisationName: row.organisationName, role: role, link }),
    );
  }

  /** A PENDING invitation of the actor's organisation whose role the actor may hand out. */
  async function openInvitation(actor: RequestMember, id: string) {
    assertManager(actor);
    const row = await findInvitation(db, inOrganisation(actor, id));
    if (!row) throw invitationErrors.notFound();
    assertRole(actor, row.invitation.role);
    return row;
  }

  return {
    async create(
      actor: RequestMember,
      input: { email: string; role: OrganisationRole },
    ): Promise<OrganisationInvitation> {
      assertManager(actor);
      assertRole(actor, input.role);
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(identityUsers, eq(identityUsers.id, memberships.userId))
        .where(and(eq(memberships.organisationId, actor.organisationId), eq(identityUsers.email, input.email)));
      if (member) throw invitationErrors.alreadyMember();
      await limitMail(actor.organisationId);

      const now = clock.now();
      const code = randomSecret(32);
      const id = await db.transaction(async (tx) => {
        // An expired invitation to the same address is replaced, not listed twice.
        const sameAddress = and(
          eq(invitations.organisationId, actor.organisationId),
          eq(invitations.email, input.email),
        );
        await tx
          .update(invitations)
          .set({ status: 'REVOKED' })
          .where(and(sameAddress, eq(invitations.status, 'PENDING'), lte(invitations.expiresAt, now)));
        const [created] = await tx
          .insert(invitations)
          .values({
            organisationId: actor.organisationId,
            email: input.email,
            role: input.role,
            codeHash: hashSecret(code),
            invitedBy: actor.userId,
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          })
          .onConflictDoNothing()
          .returning({ id: invitations.id });
        return created?.id;
      });
      if (!id) throw invitationErrors.alreadyInvited();
      const row = await findInvitation(db, eq(invitations.id, id));
      if (!row) throw new Error('invitation insert left no row');
      try {
        await mailInvitation(row, code);
      } catch (error) {
        logger.error({ err: error }, 'sending the invitation e-mail failed');
        await db.delete(invitations).where(eq(invitations.id, id));
        throw invitationErrors.mailFailed();
      }
      return toOrganisationInvitation(row, now);
    },

    /** Pending and expired invitations, newest first: what can still be resent or withdrawn. */
    async list(actor: RequestMember): Promise<OrganisationInvitation[]> {
      assertManager(actor);
      const rows = await selectInvitations(
        db,
        and(eq(invitations.organisationId, actor.organisationId), eq(invitations.status, 'PENDING')),
      );
      const now = clock.now();
      return rows.map((row) => toOrganisationInvitation(row, now));
    },

    /** A new code and a fresh 7 days; the old code stops working. */
    async resend(actor: RequestMember, id: string): Promise<OrganisationInvitation> {
      const row = await openInvitation(actor, id);
      if (row.invitation.status !== 'PENDING')
        throw closedInvitationError(effectiveStatus(row.invitation, clock.now()));
      await limitMail(actor.organisationId);
      const now = clock.now();
      const code = randomSecret(32);
      const [updated] = await db
        .update(invitations)
        .set({ codeHash: hashSecret(code), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
        .where(and(inOrganisation(actor, id), eq(invitations.status, 'PENDING')))
        .returning({ id: invitations.id });
      if (!updated) throw closedInvitationError('PENDING');
      const fresh = await findInvitation(db, eq(invitations.id, id));
      if (!fresh) throw invitationErrors.notFound();
      try {
        await mailInvitation(fresh, code);
      } catch (error) {
        logger.error({ err: error }, 'sending the invitation e-mail failed');
        throw invitationErrors.mailFailed();
      }
      return toOrganisationInvitation(fresh, now);
    },

    /** Withdraws a pending (or expired) invitation; withdrawing twice is fine. */
    async revoke(actor: RequestMember, id: string): Promise<void> {
      const row = await openInvitation(actor, id);
      if (row.invitation.status === 'REVOKED') return;
      const [revoked] = await db
        .update(invitations)
        .set({ status: 'REVOKED' })
        .where(and(inOrganisation(actor, id), eq(invitations.status, 'PENDING')))
        .returning({ id: invitations.id });
      if (!revoked) throw closedInvitationError(row.invitation.status);
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
