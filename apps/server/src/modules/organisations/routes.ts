import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { createOrganisationBodySchema, organisationSchema } from '@questboard/shared/organisations';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { accountOf } from '../../plugins/membership';
import { guardedCacheView } from '../../plugins/authenticate';
import { createOrganisation, organisationInfo } from './organisation-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const organisationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  // Asked at every app start and page load; memberships and organisations clear it (ADR 019).
  const infos = app.stateCache.memo<Awaited<ReturnType<typeof organisationInfo>>>(20_000);
  app.get(
    apiPaths.organisations.info.pattern,
    {
      // Account only: an inactive organisation is still answered (isActive false) so the app can say so.
      preHandler: app.requireAccount,
      schema: {
        tags: ['organisations'],
        summary: "The caller's organisation, with the caller's role; 404 when they have none",
        security: [{ bearerAuth: [] }],
        response: { 200: organisationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = accountOf(request);
      return infos.get(guardedCacheView(request), id, () => organisationInfo(db, id));
    },
  );

  app.post(
    apiPaths.organisations.create.pattern,
    {
      preHandler: app.requireAccount,
      schema: {
        tags: ['organisations'],
        summary: 'Create an organisation with the caller as its owner; the next token refresh carries org_id',
        security: [{ bearerAuth: [] }],
        body: createOrganisationBodySchema,
        response: { 201: organisationSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const organisation = await createOrganisation(db, clock, accountOf(request).id, request.body.name);
      return reply.code(201).send(organisation);
    },
  );
};
