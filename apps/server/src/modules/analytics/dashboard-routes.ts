import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chartOrderBodySchema,
  chartParamsSchema,
  createChartBodySchema,
  dashboardChartSchema,
  dashboardSchema,
} from '@questboard/shared/analytics-dashboard';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { anyMember, projectOf } from '../../plugins/project-scope';
import { dashboardOf, pinChart, removeChart, reorderCharts } from './dashboard-store';

const security = [{ bearerAuth: [] }];
const tags = ['dashboard'];
const config = { projectRole: anyMember };

/** The project dashboard (issue 8): charts pinned from the explorer, saved per project, re-orderable by any member. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    apiPaths.dashboard.one.pattern,
    { config, schema: { tags, summary: "The project's pinned charts, in order", security, params: projectParamsSchema, response: { 200: dashboardSchema } } },
    async (request) => dashboardOf(db, projectOf(request).id),
  );

  app.post(
    apiPaths.dashboard.charts.pattern,
    {
      config,
      schema: {
        tags,
        summary: 'Pin an explorer chart to the end of the dashboard',
        security,
        params: projectParamsSchema,
        body: createChartBodySchema,
        response: { 201: dashboardChartSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await pinChart(db, projectOf(request).id, request.body, clock.now())),
  );

  app.delete(
    apiPaths.dashboard.chart.pattern,
    { config, schema: { tags, summary: 'Remove a chart from the dashboard', security, params: chartParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeChart(db, projectOf(request).id, request.params.chartId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    apiPaths.dashboard.order.pattern,
    {
      config,
      schema: {
        tags,
        summary: "Re-order the dashboard: every chart's id once, in the new order",
        security,
        params: projectParamsSchema,
        body: chartOrderBodySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => reorderCharts(db, projectOf(request).id, request.body.chartIds),
  );
};
