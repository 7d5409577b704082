import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { latestEventsQuerySchema, latestEventsSchema } from '@questboard/shared/developer';
import { projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { memberOf } from '../../plugins/membership';
import { getProject } from '../projects/project-service';
import type { EventStore } from './event-store';

/** The developer page's live check: the latest events the project received, and its totals. */
export const eventRoutes: FastifyPluginAsyncZod<{ db: Db; events: EventStore }> = async (app, { db, events }) => {
  app.get(
    '/core/projects/:id/events/latest',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags: ['developer'],
        summary: 'The most recently received events, newest first, with the totals of the project',
        security: [{ bearerAuth: [] }],
        params: projectParamsSchema,
        querystring: latestEventsQuerySchema,
        response: { 200: latestEventsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const project = await getProject(db, memberOf(request).organisationId, request.params.id);
      const [latest, summary] = await Promise.all([events.latest(project.id, request.query.limit), events.summary(project.id)]);
      return { events: latest, summary };
    },
  );
};
