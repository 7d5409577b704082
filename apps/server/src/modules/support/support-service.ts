import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_MESSAGES_PER_HOUR, supportErrorCodes, supportMessages, type SupportMessageBody } from '@questboard/shared/support';
import type { Db } from '../../db/database';
import { accounts, organisations } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memoryRateLimits, type RateLimits } from '../../lib/rate-limits';
import type { Mailer } from '../../mail/mailer';
import type { RequestMember } from '../../plugins/membership';
import { getProject } from '../projects/project-service';
import { supportEmail } from './support-email';

export interface SupportServiceDependencies {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** SUPPORT_EMAIL; unset: every message is refused with SUPPORT_NOT_CONFIGURED. */
  supportEmail: string | undefined;
  appName: string;
  version: string;
  instanceId: string;
  logger: FastifyBaseLogger;
  /** Memory by default; PostgreSQL with several processes (ADR 032). */
  rateLimits?: RateLimits;
}

const hourMs = 60 * 60 * 1000;

export const supportErrors = {
  notConfigured: () => new HttpError(409, supportErrorCodes.notConfigured, supportMessages.notConfigured),
  mailFailed: () => new HttpError(502, 'MAIL_FAILED', 'The support message could not be sent. Please try again.'),
};

/** The help page's contact form: one e-mail to SUPPORT_EMAIL per message, through the mail layer. */
export function createSupportService(dependencies: SupportServiceDependencies) {
  const { db, clock, mailer, appName, version, instanceId, logger } = dependencies;
  const to = dependencies.supportEmail;
  // Each message lands in a person's inbox: a handful an hour per user is plenty.
  const messagesPerUser = (dependencies.rateLimits ?? memoryRateLimits(clock))('support-messages-per-user', SUPPORT_MESSAGES_PER_HOUR, hourMs);

  return {
    configured: to !== undefined,

    async send(actor: RequestMember & { email: string }, body: SupportMessageBody): Promise<void> {
      if (!to) throw supportErrors.notConfigured();
      // Another organisation's project is "not found", the same as one that never existed.
      const project = body.projectId ? await getProject(db, actor.organisationId, body.projectId) : null;
      const verdict = await messagesPerUser.hit(actor.userId);
      if (!verdict.allowed)
        throw tooManyRequests(verdict.retryAfterSeconds, 'Too many support messages. Please wait and try again.');

      const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, actor.organisationId));
      const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, actor.userId));
      try {
        await mailer.send(
          supportEmail({
            appName,
            to,
            from: { email: actor.email, name: account?.name ?? null },
            organisationName: organisation?.name ?? actor.organisationId,
            project,
            subject: body.subject,
            message: body.message,
            version,
            instanceId,
          }),
        );
      } catch (error) {
        logger.error({ err: error }, 'sending the support message failed');
        throw supportErrors.mailFailed();
      }
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
