import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Database } from '../../db/database';
import type { EventStore } from '../events/event-store';
import type { Installation } from './installation';

const readinessSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({ database: z.enum(['ok', 'error']), eventStore: z.enum(['ok', 'error']) }),
  })
  .meta({ id: 'Readiness' });

const systemStatusSchema = z
  .object({
    name: z.string().describe('Product name (APP_NAME)'),
    version: z.string(),
    instanceId: z.uuid().describe('Identifies this installation; kept across restarts'),
    installedAt: z.iso.datetime(),
    database: z.enum(['pglite', 'postgres']).describe('Embedded PGlite or an external PostgreSQL'),
    eventStore: z.string().describe('Where analytics events live: duckdb (embedded, under DATA_DIR)'),
  })
  .meta({ id: 'SystemStatus' });

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  events: EventStore;
  installation: Installation;
  appName: string;
  version: string;
}> = async (app, { database, events, installation, appName, version }) => {
  app.get(
    apiPaths.system.health.pattern,
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    apiPaths.system.readiness.pattern,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the databases answer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const [database_, eventStore] = await Promise.all([check(request, 'database', () => database.ping()), check(request, 'event store', () => events.ping())]);
      const checks = { database: database_, eventStore };
      if (database_ === 'ok' && eventStore === 'ok') return { status: 'ready' as const, checks };
      reply.header('retry-after', '5');
      return reply.code(503).send({ status: 'unavailable', checks });
    },
  );

  app.get(
    apiPaths.system.status.pattern,
    {
      schema: {
        tags: ['system'],
        summary: 'Which installation and version answers',
        response: { 200: systemStatusSchema, 500: apiErrorSchema },
      },
    },
    async () => ({
      name: appName,
      version,
      instanceId: installation.instanceId,
      installedAt: installation.installedAt.toISOString(),
      database: database.driver,
      eventStore: events.kind,
    }),
  );
};

/** A check that has not answered by then counts as failed: /readyz stays bounded (issue 21). */
export const readinessTimeoutMs = 3_000;

async function check(request: FastifyRequest, what: string, ping: () => Promise<void>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
    return 'ok';
  } catch (error) {
    request.log.warn({ err: error }, `readiness check failed: ${what}`);
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}
