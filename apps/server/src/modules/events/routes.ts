import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { latestEventsQuerySchema, latestEventsSchema } from '@questboard/shared/developer';
import { projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import { anyMember, projectOf } from '../../plugins/project-scope';
import type { EventStore } from './event-store';

/** The developer page's live check: the latest events the project received, and its totals. */
export const eventRoutes: FastifyPluginAsyncZod<{ events: EventStore }> = async (app, { events }) => {
  app.get(
    apiPaths.projects.latestEvents.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        tags: ['developer'],
        summary: 'The most recently received events, newest first, with the totals of the project',
        security: [{ bearerAuth: [] }],
        params: projectParamsSchema,
        querystring: latestEventsQuerySchema,
        response: { 200: latestEventsSchema },
      },
    },
    async (request) => {
      const { id } = projectOf(request);
      const [latest, summary] = await Promise.all([events.latest(id, request.query.limit), events.summary(id)]);
      return { events: latest, summary };
    },
  );
};
