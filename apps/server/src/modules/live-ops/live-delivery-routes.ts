import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiErrorCodes } from '@questboard/shared/error-codes';
import { apiPaths } from '@questboard/shared/api-paths';
import {
  compileLiveConfig,
  evaluateCompiledLiveConfig,
  type CompiledLiveConfig,
} from '@questboard/shared/live-evaluate';
import {
  liveConfigAnswerSchema,
  liveConfigQuerySchema,
  playerFromQuery,
  type LiveConfigAnswer,
} from '@questboard/shared/live-api';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../http-error';
import { ingestKeyCheck } from '../ingestion/ingest-key-check';
import { latestVersion } from './live-store';

/** A project's current version, compiled once (ranges parsed, events ordered) for every request it answers. */
type Published = { version: number; config: CompiledLiveConfig } | null;

/** The ETag of an answer: a hash of its bytes, so anything that changes the values changes it, publish or not. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

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
 * gets now. The key is checked like ingestion's, the project's current version comes from the
 * state cache (a publish or rollback clears it, ADR 019), and the values are evaluated per request
 * with the shared function, so a live event switches on at its start without a publish.
 */
export const liveDeliveryRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const checkKey = ingestKeyCheck(app, db);
  const published = app.stateCache.memo<Published>(10_000);

  // Games call it from any origin, like ingestion.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag',
      'cross-origin-resource-policy': 'cross-origin',
    });
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
        },
      },
    },
    async (request, reply) => {
      const view = await app.stateCache.view();
      const key = await checkKey(request, view);
      const parsed = playerFromQuery(request.query);
      if ('error' in parsed) throw new HttpError(400, apiErrorCodes.validationFailed, parsed.error);
      const current = await published.get(view, key.projectId, async () => {
        const latest = await latestVersion(db, key.projectId);
        return latest ? { version: latest.version, config: compileLiveConfig(latest.snapshot) } : null;
      });
      const values = current ? evaluateCompiledLiveConfig(current.config, parsed.player, clock.now().getTime()) : {};
      const body = JSON.stringify({ values, experiments: [], version: current?.version ?? 0 });
      const etag = etagOf(body);
      reply.headers({ etag, 'cache-control': 'no-cache' });
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      // Already serialised (the ETag is its hash): Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as LiveConfigAnswer);
    },
  );
};
