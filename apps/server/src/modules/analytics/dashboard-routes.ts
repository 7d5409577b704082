import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_MAX_CHARTS,
  analyticsErrorCodes,
  analyticsMessages,
  chartOrderBodySchema,
  chartParamsSchema,
  createChartBodySchema,
  dashboardChartSchema,
  dashboardSchema,
  type Dashboard,
  type DashboardChart,
} from '@questboard/shared/analytics';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { dashboardCharts, projects } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memberOf } from '../../plugins/membership';
import { getProject } from '../projects/project-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['dashboard'];

type ChartRow = typeof dashboardCharts.$inferSelect;

function toChart(row: ChartRow): DashboardChart {
  return { id: row.id, title: row.title, chartType: row.chartType, query: row.query, createdAt: row.createdAt.toISOString() };
}

/** The project dashboard (issue 8): charts pinned from the explorer, saved per project, re-orderable by any member. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const projectOf = async (request: Parameters<typeof memberOf>[0], id: string) => (await getProject(db, memberOf(request).organisationId, id)).id;

  const dashboardOf = async (projectId: string): Promise<Dashboard> => {
    const rows = await db.select().from(dashboardCharts).where(eq(dashboardCharts.projectId, projectId)).orderBy(asc(dashboardCharts.position), asc(dashboardCharts.createdAt));
    return { charts: rows.map(toChart) };
  };

  app.get(
    '/core/projects/:id/dashboard',
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: "The project's pinned charts, in order", security, params: projectParamsSchema, response: { 200: dashboardSchema, ...errors } },
    },
    async (request) => dashboardOf(await projectOf(request, request.params.id)),
  );

  app.post(
    '/core/projects/:id/dashboard/charts',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Pin an explorer chart to the end of the dashboard',
        security,
        params: projectParamsSchema,
        body: createChartBodySchema,
        response: { 201: dashboardChartSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const projectId = await projectOf(request, request.params.id);
      const chart = await db.transaction(async (tx) => {
        // The count and the insert in one transaction, the project row locked: two pins at once
        // cannot both take the last place.
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
        const [{ charts } = { charts: 0 }] = await tx.select({ charts: count() }).from(dashboardCharts).where(eq(dashboardCharts.projectId, projectId));
        if (charts >= DASHBOARD_MAX_CHARTS) throw new HttpError(409, analyticsErrorCodes.dashboardFull, analyticsMessages.dashboardFull);
        const [row] = await tx
          .insert(dashboardCharts)
          .values({ projectId, title: request.body.title, chartType: request.body.chartType, query: request.body.query, position: charts, createdAt: clock.now() })
          .returning();
        if (!row) throw new Error('the chart insert returned no row');
        return row;
      });
      return reply.code(201).send(toChart(chart));
    },
  );

  app.delete(
    '/core/projects/:id/dashboard/charts/:chartId',
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: 'Remove a chart from the dashboard', security, params: chartParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const projectId = await projectOf(request, request.params.id);
      const deleted = await db
        .delete(dashboardCharts)
        .where(and(eq(dashboardCharts.projectId, projectId), eq(dashboardCharts.id, request.params.chartId)))
        .returning({ id: dashboardCharts.id });
      if (deleted.length === 0) throw new HttpError(404, analyticsErrorCodes.chartNotFound, analyticsMessages.chartNotFound);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/core/projects/:id/dashboard/order',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "Re-order the dashboard: every chart's id once, in the new order",
        security,
        params: projectParamsSchema,
        body: chartOrderBodySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => {
      const projectId = await projectOf(request, request.params.id);
      const { chartIds } = request.body;
      await db.transaction(async (tx) => {
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
        const rows = await tx.select({ id: dashboardCharts.id }).from(dashboardCharts).where(eq(dashboardCharts.projectId, projectId));
        const current = new Set(rows.map((row) => row.id));
        if (chartIds.length !== current.size || new Set(chartIds).size !== chartIds.length || !chartIds.every((id) => current.has(id))) {
          throw new HttpError(400, analyticsErrorCodes.chartOrderMismatch, analyticsMessages.chartOrderMismatch);
        }
        for (const [position, id] of chartIds.entries()) {
          await tx.update(dashboardCharts).set({ position }).where(and(eq(dashboardCharts.projectId, projectId), eq(dashboardCharts.id, id)));
        }
      });
      return dashboardOf(projectId);
    },
  );
};
