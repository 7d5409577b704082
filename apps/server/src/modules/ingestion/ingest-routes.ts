import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { INGEST_MAX_EVENTS, ingestAnswerSchema, ingestBatchSchema } from '@questboard/shared/events';
import type { Db } from '../../db/database';
import { HttpError, tooManyRequests } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { RateLimiter } from '../../lib/rate-limiter';
import { EventStoreBusyError, type EventStore } from '../events/event-store';
import { markIngestKeyUsed, type ActiveIngestKey } from './ingest-key-store';
import { ingestKeyCheck, ingestKeyErrors401 } from './ingest-key-check';
import type { Quotas } from '../billing/quota-tracker';
import { utcMonth } from '@questboard/shared/billing';
import { apiPaths } from '@questboard/shared/api-paths';
import { validateEvents } from './event-validation';
import { clientAddressKey } from './client-address';
import {
  INGEST_EVENTS_PER_PROJECT_PER_MINUTE,
  INGEST_REQUESTS_PER_ADDRESS_PER_SECOND,
  INGEST_REQUESTS_PER_KEY_PER_SECOND,
  ingestLimitMessages,
} from '@questboard/shared/ingest-limits';

export interface IngestLimits {
  /** Requests per key in each window: every player of a game shares it (ADR 023). */
  requestsPerKey: number;
  /** Requests per client address in each window (`clientAddressKey`). */
  requestsPerAddress: number;
  windowMs: number;
  /** Accepted events per project in each minute. */
  eventsPerProjectMinute: number;
}

/** docs/product/rules-and-messages.md#ingestion-limits: they stop abuse, never a game. Tests lower them. */
export const defaultIngestLimits: IngestLimits = {
  requestsPerKey: INGEST_REQUESTS_PER_KEY_PER_SECOND,
  requestsPerAddress: INGEST_REQUESTS_PER_ADDRESS_PER_SECOND,
  windowMs: 1000,
  eventsPerProjectMinute: INGEST_EVENTS_PER_PROJECT_PER_MINUTE,
};

export const ingestErrors = {
  ...ingestKeyErrors401,
  tooManyEvents: () =>
    new HttpError(413, 'PAYLOAD_TOO_LARGE', `A batch holds at most ${INGEST_MAX_EVENTS} events; send the rest in another request.`),
  quotaExceeded: (quota: number, retryAfterSeconds: number) =>
    new HttpError(
      429,
      'QUOTA_EXCEEDED',
      `This organisation has used its monthly quota of ${quota.toLocaleString('en')} events. Ingestion resumes next month, or when an owner raises the quota on the billing page.`,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  busy: (retryAfterSeconds: number) =>
    new HttpError(503, 'INGEST_BUSY', 'Ingestion is busy. Retry after the time in Retry-After.', {
      'retry-after': String(retryAfterSeconds),
    }),
};

declare module 'fastify' {
  interface FastifyRequest {
    ingestKey: ActiveIngestKey | null;
  }
}

/**
 * POST /ingest/v1/batch (docs/product/http-contract.md#ingestion). Games call it from any origin, so this route, and only this
 * one, answers CORS. The key is checked before the body is read; the answer comes once the
 * accepted events are durable.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  events: EventStore;
  quotas: Quotas;
  limits?: Partial<IngestLimits>;
  /** Server processes sharing the installation: each allows its share of every limit (ADR 032). */
  processes?: () => number;
}> = async (app, { db, clock, events, quotas, limits: givenLimits, processes }) => {
  const limits = { ...defaultIngestLimits, ...givenLimits };
  const perKey = new RateLimiter(limits.requestsPerKey, limits.windowMs, clock, processes);
  const perAddress = new RateLimiter(limits.requestsPerAddress, limits.windowMs, clock, processes);
  const perProject = new RateLimiter(limits.eventsPerProjectMinute, 60_000, clock, processes);
  const checkKey = ingestKeyCheck(app, db);
  app.decorateRequest('ingestKey', null);

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
  // navigator.sendBeacon and no-preflight fetches send text/plain: the body is JSON all the same.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    void app.getDefaultJsonParser('error', 'error')(request, body as string, done);
  });

  app.options(apiPaths.ingestion.batch.pattern, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'Content-Type, Content-Encoding, X-Ingest-Key',
        'access-control-max-age': '86400',
      })
      .send(),
  );

  const limited = (reply: FastifyReply, verdict: ReturnType<RateLimiter['hit']>, message: string) => {
    if (verdict.allowed) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw tooManyRequests(verdict.retryAfterSeconds, message);
  };

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    // First, before any lookup: a flood of made-up keys from one address costs no database query.
    const address = clientAddressKey(request.ip);
    if (address !== null) limited(reply, perAddress.hit(address), ingestLimitMessages.perAddress);
    const key = await checkKey(request);
    limited(reply, perKey.hit(key.id), ingestLimitMessages.perKey);
    request.ingestKey = key;
  };

  app.post(
    apiPaths.ingestion.batch.pattern,
    {
      onRequest: authenticate,
      schema: {
        tags: ['ingestion'],
        summary: `Send up to ${INGEST_MAX_EVENTS} events (JSON, optionally gzip, at most 1 MB) with the X-Ingest-Key header`,
        description:
          'Every event is validated on its own: the answer counts the accepted ones and gives the reason for each rejected one. ' +
          'An insert_id the project already holds is not stored again, so a retried batch is safe. 2xx only once the events are durable.',
        security: [{ ingestKey: [] }],
        body: ingestBatchSchema,
        response: { 200: ingestAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const key = request.ingestKey;
      if (!key) throw ingestErrors.missingKey();
      if (request.body.events.length > INGEST_MAX_EVENTS) throw ingestErrors.tooManyEvents();
      const now = clock.now();
      const { accepted, rejected } = validateEvents(request.body.events, now, key.kind === 'demo', key.eventRetentionDays);
      if (accepted.length > 0) limited(reply, perProject.hit(key.projectId, accepted.length), ingestLimitMessages.perProject(limits.eventsPerProjectMinute));
      const quota = key.monthlyEventQuota;
      if (!(await quotas.reserve(key.organisationId, quota, accepted.length)) && quota !== null) {
        perProject.refund(key.projectId, accepted.length);
        throw ingestErrors.quotaExceeded(quota, Math.ceil((utcMonth(now).next.getTime() - now.getTime()) / 1000));
      }
      try {
        await events.append(key.projectId, accepted);
      } catch (error) {
        if (quota !== null) {
          await quotas.release(key.organisationId, accepted.length).catch((failure: unknown) => request.log.warn({ err: failure }, 'could not release a quota reservation'));
        }
        perProject.refund(key.projectId, accepted.length);
        if (error instanceof EventStoreBusyError) throw ingestErrors.busy(error.retryAfterSeconds);
        throw error;
      }
      if (quota === null) quotas.add(key.organisationId, accepted.length);
      // The developer page shows when a key was last used; a minute's precision is plenty.
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) {
        await markIngestKeyUsed(db, key.id, now).catch((error: unknown) => request.log.warn({ err: error }, 'could not mark the key used'));
        // The cached key too: last_used_at is not part of the cache version.
        key.lastUsedAt = now;
      }
      return { accepted: accepted.length, rejected };
    },
  );
};
