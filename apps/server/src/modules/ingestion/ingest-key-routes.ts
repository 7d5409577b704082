import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { createIngestKeyBodySchema, ingestKeyListSchema, ingestKeyParamsSchema, ingestKeySchema } from '@questboard/shared/developer';
import { organisationErrorCodes } from '@questboard/shared/organisations';
import { canDeleteProjects, projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memberOf } from '../../plugins/membership';
import { getProject } from '../projects/project-service';
import { createIngestKey, listIngestKeys, revokeIngestKey } from './ingest-key-store';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['developer'];

/** The developer page's keys: any member lists and creates them; owners and admins revoke them. */
export const ingestKeyRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/core/projects/:id/ingest-keys',
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: "The project's ingestion keys, revoked ones included", security, params: projectParamsSchema, response: { 200: ingestKeyListSchema, ...errors } },
    },
    async (request) => {
      const project = await getProject(db, memberOf(request).organisationId, request.params.id);
      return { keys: await listIngestKeys(db, project.id) };
    },
  );

  app.post(
    '/core/projects/:id/ingest-keys',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Make a new ingestion key (any member)',
        security,
        params: projectParamsSchema,
        body: createIngestKeyBodySchema,
        response: { 201: ingestKeySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const project = await getProject(db, memberOf(request).organisationId, request.params.id);
      const key = await createIngestKey(db, project.id, request.body.name, 'standard', clock.now());
      return reply.code(201).send(key);
    },
  );

  app.delete(
    '/core/projects/:id/ingest-keys/:keyId',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Revoke an ingestion key (owners and admins): it stops working at once',
        security,
        params: ingestKeyParamsSchema,
        response: { 200: ingestKeySchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const project = await getProject(db, member.organisationId, request.params.id);
      if (!canDeleteProjects(member.role)) {
        throw new HttpError(403, organisationErrorCodes.insufficientRole, 'Only owners and admins can revoke an ingestion key.');
      }
      return revokeIngestKey(db, project.id, request.params.keyId, clock.now());
    },
  );
};
