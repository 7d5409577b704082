import { and, eq, gt } from 'drizzle-orm';
import type { IdentityUser } from '@questboard/shared/identity';
import type { Invitation } from '@questboard/shared/invitations';
import type { Db } from '../../db/database';
import { invitations, memberships } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { memoryRateLimits, type RateLimits } from '../../lib/rate-limits';
import { hashSecret } from '../../lib/secrets';
import { tooManyRequests } from '../../http-error';
import { belongsToAnOrganisation } from '../organisations/organisation-service';
import { organisationErrors } from '../organisations/organisation-errors';
import { closedInvitationError, invitationErrors } from './invitation-errors';
import { effectiveStatus, findInvitation, selectInvitations, toInvitation } from './invitation-store';

export type InvitationAnswer = 'ACCEPTED' | 'DECLINED' | 'CREATE_OWN';

const minuteMs = 60_000;

/** The invited side: look an invitation up by its code or id, list one's own, and answer. */
export function createInvitationAnswers({ db, clock, rateLimits }: { db: Db; clock: Clock; rateLimits?: RateLimits }) {
  // Codes are 256-bit, so guessing is hopeless anyway; the cap keeps anyone from trying at scale.
  const codeLookupsPerIp = (rateLimits ?? memoryRateLimits(clock))('invitation-code-lookups-per-ip', 20, 15 * minuteMs);

  /** The invitation, only when it was sent to the caller's address. */
  const addressedTo = (user: IdentityUser, id: string) =>
    and(eq(invitations.id, id), eq(invitations.email, user.email));

  return {
    /** Public: the invitee may not be signed in yet. The code alone is the proof. */
    async byCode(code: string, ip: string): Promise<Invitation> {
      const verdict = await codeLookupsPerIp.hit(ip);
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
      const row = await findInvitation(db, eq(invitations.codeHash, hashSecret(code)));
      if (!row) throw invitationErrors.notFound();
      return toInvitation(row, clock.now());
    },

    async byId(user: IdentityUser, id: string): Promise<Invitation> {
      const row = await findInvitation(db, addressedTo(user, id));
      if (!row) throw invitationErrors.notFound();
      return toInvitation(row, clock.now());
    },

    /** The caller's invitations that can still be answered, newest first. */
    async pending(user: IdentityUser): Promise<Invitation[]> {
      const now = clock.now();
      const rows = await selectInvitations(
        db,
        and(eq(invitations.email, user.email), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now)),
      );
      return rows.map((row) => toInvitation(row, now));
    },

    /**
     * Accept, decline, or create one's own organisation instead. Only the verified owner of the
     * invited address may answer, once, before it expires (docs/product/security-cases.md case 24). Accepting creates the
     * membership and marks the invitation in one transaction; the UPDATE ... WHERE status =
     * 'PENDING' lets exactly one of two parallel answers through.
     */
    async respond(user: IdentityUser, id: string, answer: InvitationAnswer): Promise<Invitation> {
      const row = await findInvitation(db, eq(invitations.id, id));
      if (!row) throw invitationErrors.notFound();
      if (row.invitation.email !== user.email || !user.emailVerified) throw invitationErrors.notYours();
      const status = effectiveStatus(row.invitation, clock.now());
      if (status !== 'PENDING') throw closedInvitationError(status);
      if (answer === 'ACCEPTED') {
        if (!row.organisationActive) throw organisationErrors.inactive();
        if (await belongsToAnOrganisation(db, user.uid)) throw organisationErrors.alreadyInOrganisation();
      }

      const now = clock.now();
      await db.transaction(async (tx) => {
        const [answered] = await tx
          .update(invitations)
          .set({ status: answer, respondedAt: now, respondedBy: user.uid })
          .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now)))
          .returning({ organisationId: invitations.organisationId, role: invitations.role });
        if (!answered) throw closedInvitationError('PENDING');
        if (answer !== 'ACCEPTED') return;
        const [joined] = await tx
          .insert(memberships)
          .values({ organisationId: answered.organisationId, userId: user.uid, role: answered.role, createdAt: now })
          .onConflictDoNothing()
          .returning({ userId: memberships.userId });
        // Joined or created another organisation in the meantime: nothing of this answer stays.
        if (!joined) throw organisationErrors.alreadyInOrganisation();
      });
      const answeredRow = await findInvitation(db, eq(invitations.id, id));
      if (!answeredRow) throw invitationErrors.notFound();
      return toInvitation(answeredRow, now);
    },
  };
}

export type InvitationAnswers = ReturnType<typeof createInvitationAnswers>;
