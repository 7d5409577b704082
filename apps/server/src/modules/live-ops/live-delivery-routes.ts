import { z } from 'zod';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiErrorCodes } from '@questboard/shared/error-codes';
import { apiPaths } from '@questboard/shared/api-paths';
import {
  isPlainConfigQuery,
  liveConfigAnswerSchema,
  liveConfigQuerySchema,
  playerFromQuery,
  type LiveConfigAnswer,
} from '@questboard/shared/live-api';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../http-error';
import { ingestKeyCheck } from '../ingestion/ingest-key-check';
import { clientAddressKey } from '../ingestion/client-address';
import { RateLimiter } from '../../lib/rate-limiter';
import { tooManyRequests } from '../../http-error';
import { INGEST_REQUESTS_PER_ADDRESS_PER_SECOND, ingestLimitMessages } from '@questboard/shared/ingest-limits';
import { latestVersion } from './live-store';
import { deliveredExperiments } from '../experiments/experiment-service';
import { LiveAnswerCache, compileLiveDelivery, noLiveDelivery, type LiveAnswerLimits, type LiveDelivery } from './live-answers';

/** If-None-Match holds the tag (weak comparison, RFC 9110 13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * GET /live/v1/config (docs/product/http-contract.md#live-operations-remote-config-and-experiments): what one player of a game
 * gets now. The key is checked like ingestion's, the project's current version and running
 * experiments come from the state cache compiled for delivery (a publish, a rollback, an
 * experiment's start or stop clears it, ADR 019 and 029), and the player's
 * outcome is evaluated per request, so a live event switches on at its start without a publish. The
 * answer and its ETag come from the outcome (live-answers.ts, ADR 021).
 */
export const liveDeliveryRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  requestsPerAddress?: number;
  answerLimits?: LiveAnswerLimits;
  /** Server processes sharing the installation: each allows its share of the limit (ADR 032). */
  processes?: () => number;
}> = async (app, { db, clock, requestsPerAddress = INGEST_REQUESTS_PER_ADDRESS_PER_SECOND, answerLimits, processes }) => {
  const checkKey = ingestKeyCheck(app, db);
  // Ingestion's per-address limit (docs/product/rules-and-messages.md#ingestion-limits), counted apart:
  // a flood of made-up keys from one address would otherwise cost a database lookup each.
  const perAddress = new RateLimiter(requestsPerAddress, 1000, clock, processes);
  const published = app.stateCache.memo<LiveDelivery | null>(10_000);
  const answers = new LiveAnswerCache(answerLimits);

  // Games call it from any origin, like ingestion. A callback hook: an async one costs a promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag',
      'cross-origin-resource-policy': 'cross-origin',
    });
    done();
  });
  app.options(apiPaths.live.config.pattern, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'GET, OPTIONS',
        'access-control-allow-headers': 'X-Ingest-Key, If-None-Match',
        'access-control-max-age': '86400',
      })
      .send(),
  );

  app.get(
    apiPaths.live.config.pattern,
    {
      schema: {
        tags: ['live-ops'],
        summary:
          "One player's config values now, with the X-Ingest-Key header; If-None-Match with the last ETag answers 304 when nothing changed",
        security: [{ ingestKey: [] }],
        querystring: liveConfigQuerySchema,
        response: {
          200: liveConfigAnswerSchema,
          304: z.null().describe('Unchanged since the ETag sent'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // The query a game sends every time is checked without zod (isPlainConfigQuery, ADR 021); any
      // other goes through the schema, which words the 400.
      validatorCompiler: (route) => {
        // Fastify calls the compiler once per part, with that part's schema (its route types say the whole schema).
        const viaSchema = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
        if (route.httpPart !== 'querystring') return viaSchema;
        return (data) => (isPlainConfigQuery(data) ? { value: data } : viaSchema(data));
      },
    },
    async (request, reply) => {
      const address = clientAddressKey(request.ip);
      const verdict = address === null ? null : perAddress.hit(address);
      if (verdict && !verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw tooManyRequests(verdict.retryAfterSeconds, ingestLimitMessages.perAddress);
      }
      const view = await app.stateCache.view();
      const key = await checkKey(request, view);
      const parsed = playerFromQuery(request.query);
      if ('error' in parsed) throw new HttpError(400, apiErrorCodes.validationFailed, parsed.error);
      const delivery =
        (await published.get(view, key.projectId, async () => {
          const latest = await latestVersion(db, key.projectId);
          // Experiments start only on a published config (ADR 029): none run without a version.
          return latest ? compileLiveDelivery(latest.version, latest.snapshot, await deliveredExperiments(db, key.projectId)) : null;
        })) ?? noLiveDelivery;
      const answer = answers.find(delivery, parsed.player, clock.now().getTime());
      reply.headers({ etag: answer.etag, 'cache-control': 'no-cache' });
      if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
      // Serialised already (often shared by every player with this outcome): Fastify sends a string as it is.
      const body = answers.body(delivery, answer);
      return reply.type('application/json; charset=utf-8').send(body as unknown as LiveConfigAnswer);
    },
  );
};
