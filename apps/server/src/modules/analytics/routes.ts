import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { analyticsQuerySchema, isoDate, retentionQuerySchema } from '@questboard/shared/analytics-view';
import { exploreQuerySchema, exploreSchema } from '@questboard/shared/analytics-explore';
import {
  engagementSchema,
  eventCatalogueSchema,
  filterOptionsSchema,
  overviewSchema,
  playersSchema,
} from '@questboard/shared/analytics-answers';
import { playerParamsSchema, playerSchema } from '@questboard/shared/analytics-player';
import { retentionSchema, revenueSchema } from '@questboard/shared/analytics-cohort-answers';
import { levelsQuerySchema, levelsSchema } from '@questboard/shared/analytics-levels';
import { economyQuerySchema, economySchema } from '@questboard/shared/analytics-economy';
import { analyticsErrorCodes, analyticsMessages } from '@questboard/shared/analytics-messages';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { anyMember, projectOf } from '../../plugins/project-scope';
import type { EventStore } from '../events/event-store';
import { projectMoney } from '../currency/currency-service';
import { incompleteBuckets } from './buckets';
import { exploreIncomplete } from './explorer/explore-buckets';
import { shed } from './shed';
import { funnelRoutes } from './funnels/funnel-routes';

const security = [{ bearerAuth: [] }];
const tags = ['analytics'];

/**
 * The analytics pages' figures (issue 8, ADR 010), for any member of the project's organisation.
 * The project scope has found the project in the caller's organisation; the event store computes
 * the figures; nothing here sees SQL.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore }> = async (app, { db, clock, events }) => {
  const today = () => isoDate(clock.now());
  /** A series answer with its incomplete buckets, from the view and the clock alone (any store). */
  const marked = async <T extends object>(query: Parameters<typeof incompleteBuckets>[0], answer: Promise<T>) => {
    const incomplete = incompleteBuckets(query, today());
    return { ...(await shed(answer)), incomplete };
  };
  /** The project with its reporting currency and rates (ADR 011). */
  const withMoney = async (request: FastifyRequest) => {
    const { id: projectId, organisationId } = projectOf(request);
    return { projectId, money: await projectMoney(db, organisationId, projectId) };
  };

  const options = <Q extends z.ZodType, R extends z.ZodType>(summary: string, querystring: Q, response: R) => ({
    config: { projectRole: anyMember },
    schema: { tags, summary, security, params: projectParamsSchema, querystring, response: { 200: response, 503: apiErrorSchema } },
  });

  app.get(
    apiPaths.analytics.overview.pattern,
    options('Overview cards with the previous range and sparklines, and the top events', analyticsQuerySchema, overviewSchema),
    async (request) => {
      const { projectId, money } = await withMoney(request);
      return marked(request.query, events.metrics.overview(projectId, request.query, today(), money));
    },
  );
  app.get(
    apiPaths.analytics.players.pattern,
    options('DAU, WAU, MAU, stickiness, new and returning users, and breakdowns', analyticsQuerySchema, playersSchema),
    async (request) => marked(request.query, events.metrics.players(projectOf(request).id, request.query)),
  );
  app.get(
    apiPaths.analytics.revenue.pattern,
    options('Revenue, ARPDAU, ARPPU, paying conversion, top products and cumulative LTV', analyticsQuerySchema, revenueSchema),
    async (request) => {
      const { projectId, money } = await withMoney(request);
      return marked(request.query, events.metrics.revenue(projectId, request.query, today(), money));
    },
  );
  app.get(
    apiPaths.analytics.retention.pattern,
    options('Cohort retention D0 to D30 (classic or rolling) and the retention curve', retentionQuerySchema, retentionSchema),
    async (request) => shed(events.metrics.retention(projectOf(request).id, request.query, today())),
  );
  app.get(
    apiPaths.analytics.engagement.pattern,
    options('Sessions, session length distribution and sessions per DAU', analyticsQuerySchema, engagementSchema),
    async (request) => marked(request.query, events.metrics.engagement(projectOf(request).id, request.query)),
  );
  app.get(
    apiPaths.analytics.explore.pattern,
    options('The explorer: series of events measured by bucket, broken down, filtered by properties, and a formula', exploreQuerySchema, exploreSchema),
    async (request) => {
      const { projectId, money } = await withMoney(request);
      // Hours are incomplete until they end: the clock itself, not only today's date.
      return { ...(await shed(events.metrics.explore(projectId, request.query, money))), incomplete: exploreIncomplete(request.query, clock.now()) };
    },
  );
  app.get(
    apiPaths.analytics.events.pattern,
    options('Every event name of the range with counts, users, last seen and property keys', analyticsQuerySchema, eventCatalogueSchema),
    async (request) => shed(events.metrics.eventCatalogue(projectOf(request).id, request.query)),
  );
  app.get(
    apiPaths.analytics.filters.pattern,
    options('The platforms, countries and app versions seen in the range', analyticsQuerySchema, filterOptionsSchema),
    async (request) => shed(events.metrics.filterOptions(projectOf(request).id, request.query)),
  );
  // Issue 17, ADR 028: the game-design pages.
  app.get(
    apiPaths.analytics.levels.pattern,
    options('Per level: starts, completes, fails, attempts, median duration, players who reached it and churned there', levelsQuerySchema, levelsSchema),
    async (request) => shed(events.metrics.levels(projectOf(request).id, request.query)),
  );
  app.get(
    apiPaths.analytics.economy.pattern,
    options('One virtual currency: sources, sinks and net flow by bucket, top items, median balance by level', economyQuerySchema, economySchema),
    async (request) => marked(request.query, events.metrics.economy(projectOf(request).id, request.query)),
  );

  funnelRoutes(app, { events, today, shed });

  app.get(
    apiPaths.analytics.player.pattern,
    {
      config: { projectRole: anyMember },
      schema: { tags, summary: "One player's profile, sessions and latest events", security, params: playerParamsSchema, response: { 200: playerSchema, 503: apiErrorSchema } },
    },
    async (request) => {
      const { projectId, money } = await withMoney(request);
      const player = await shed(events.metrics.player(projectId, request.params.userId, money));
      if (!player) throw new HttpError(404, analyticsErrorCodes.playerNotFound, analyticsMessages.playerNotFound);
      return player;
    },
  );
};
