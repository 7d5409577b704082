import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { createIngestKeyBodySchema, ingestKeyListSchema, ingestKeyParamsSchema, ingestKeySchema } from '@questboard/shared/developer';
import { projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import { createIngestKey, listIngestKeys, revokeIngestKey } from './ingest-key-store';

const security = [{ bearerAuth: [] }];
const tags = ['developer'];

/** The developer page's keys: any member lists and creates them; owners and admins revoke them. */
export const ingestKeyRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    apiPaths.projects.ingestKeys.pattern,
    {
      config: { projectRole: anyMember },
      schema: { tags, summary: "The project's ingestion keys, revoked ones included", security, params: projectParamsSchema, response: { 200: ingestKeyListSchema } },
    },
    async (request) => ({ keys: await listIngestKeys(db, projectOf(request).id) }),
  );

  app.post(
    apiPaths.projects.ingestKeys.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        tags,
        summary: 'Make a new ingestion key (any member)',
        security,
        params: projectParamsSchema,
        body: createIngestKeyBodySchema,
        response: { 201: ingestKeySchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const key = await createIngestKey(db, projectOf(request).id, request.body.name, 'standard', clock.now());
      return reply.code(201).send(key);
    },
  );

  app.delete(
    apiPaths.projects.ingestKey.pattern,
    {
      config: { projectRole: ownersAndAdmins('revoke an ingestion key') },
      schema: {
        tags,
        summary: 'Revoke an ingestion key (owners and admins): it stops working at once',
        security,
        params: ingestKeyParamsSchema,
        response: { 200: ingestKeySchema },
      },
    },
    async (request) => revokeIngestKey(db, projectOf(request).id, request.params.keyId, clock.now()),
  );
};
