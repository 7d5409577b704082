import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { funnelPlayersQuerySchema, funnelPlayersSchema, funnelQuerySchema, funnelSchema } from '@questboard/shared/analytics-funnels';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import { projectParamsSchema } from '@questboard/shared/projects';
import { anyMember, projectOf } from '../../../plugins/project-scope';
import type { EventStore } from '../../events/event-store';
import { incompleteBuckets } from '../buckets';

interface FunnelRouteOptions {
  events: EventStore;
  /** The current UTC day. */
  today: () => string;
  /** The analytics queue's refusal as a 503 (routes.ts). */
  shed: <T>(answer: Promise<T>) => Promise<T>;
}

/**
 * The funnels page's calls (issue 17, ADR 027), for any member of the project's organisation:
 * through the analytics gate and the kept answers like every analytics page.
 */
export function funnelRoutes(app: FastifyInstance, { events, today, shed }: FunnelRouteOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['analytics'], security: [{ bearerAuth: [] }], params: projectParamsSchema };
  typed.get(
    apiPaths.funnels.funnel.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        ...schema,
        summary: 'A funnel: players per step, conversion, time to convert, a breakdown and the trend',
        querystring: funnelQuerySchema,
        response: { 200: funnelSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const answer = await shed(events.metrics.funnel(projectOf(request).id, request.query));
      return { ...answer, incomplete: incompleteBuckets(request.query, today()) };
    },
  );
  typed.get(
    apiPaths.funnels.players.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        ...schema,
        summary: 'The players who reached the step before a step and not that step, in order of entry',
        querystring: funnelPlayersQuerySchema,
        response: { 200: funnelPlayersSchema, 503: apiErrorSchema },
      },
    },
    async (request) => shed(events.metrics.funnelPlayers(projectOf(request).id, request.query)),
  );
}
