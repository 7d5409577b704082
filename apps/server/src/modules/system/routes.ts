import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import type { Database } from '../../db/database';
import type { Installation } from './installation';

const readinessSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({ database: z.enum(['ok', 'error']) }),
  })
  .meta({ id: 'Readiness' });

const systemStatusSchema = z
  .object({
    name: z.string().describe('Product name (APP_NAME)'),
    version: z.string(),
    instanceId: z.uuid().describe('Identifies this installation; kept across restarts'),
    installedAt: z.iso.datetime(),
    database: z.enum(['pglite', 'postgres']).describe('Embedded PGlite or an external PostgreSQL'),
  })
  .meta({ id: 'SystemStatus' });

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  installation: Installation;
  appName: string;
  version: string;
}> = async (app, { database, installation, appName, version }) => {
  app.get(
    '/healthz',
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
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the databases answer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const, checks: { database: 'ok' as const } };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', checks: { database: 'error' } });
      }
    },
  );

  app.get(
    '/api/system/status',
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
    }),
  );
};
