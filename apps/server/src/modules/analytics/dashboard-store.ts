import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DASHBOARD_MAX_CHARTS,
  type createChartBodySchema,
  type Dashboard,
  type DashboardChart,
} from '@questboard/shared/analytics-dashboard';
import { analyticsErrorCodes, analyticsMessages } from '@questboard/shared/analytics-messages';
import type { Db } from '../../db/database';
import { dashboardCharts, projects } from '../../db/schema';
import { HttpError } from '../../http-error';

// The pinned charts of a project (issue 8). The project scope has found the project in the caller's
// organisation; every query here names that project.

type ChartRow = typeof dashboardCharts.$inferSelect;
type ChartBody = z.output<typeof createChartBodySchema>;
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

function toChart(row: ChartRow): DashboardChart {
  return {
    id: row.id,
    title: row.title,
    chartType: row.chartType,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  };
}

// The project row locked: two writers of one dashboard take turns, so neither counts or orders a stale set.
async function lockProject(tx: Transaction, projectId: string) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export async function dashboardOf(db: Db, projectId: string): Promise<Dashboard> {
  const rows = await db
    .select()
    .from(dashboardCharts)
    .where(eq(dashboardCharts.projectId, projectId))
    .orderBy(asc(dashboardCharts.position), asc(dashboardCharts.createdAt));
  return { charts: rows.map(toChart) };
}

/** Pins a chart at the end; the count and the insert in one transaction, so two pins cannot both take the last place. */
export async function pinChart(db: Db, projectId: string, body: ChartBody, now: Date): Promise<DashboardChart> {
  const row = await db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const [{ charts } = { charts: 0 }] = await tx
      .select({ charts: count() })
      .from(dashboardCharts)
      .where(eq(dashboardCharts.projectId, projectId));
    if (charts >= DASHBOARD_MAX_CHARTS)
      throw new HttpError(409, analyticsErrorCodes.dashboardFull, analyticsMessages.dashboardFull);
    const [inserted] = await tx
      .insert(dashboardCharts)
      .values({
        projectId,
        title: body.title,
        chartType: body.chartType,
        query: body.query,
        position: charts,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('the chart insert returned no row');
    return inserted;
  });
  return toChart(row);
}

export async function removeChart(db: Db, projectId: string, chartId: string): Promise<void> {
  const deleted = await db
    .delete(dashboardCharts)
    .where(and(eq(dashboardCharts.projectId, projectId), eq(dashboardCharts.id, chartId)))
    .returning({ id: dashboardCharts.id });
  if (deleted.length === 0)
    throw new HttpError(404, analyticsErrorCodes.chartNotFound, analyticsMessages.chartNotFound);
}

/** Puts the charts in the given order: every chart's id exactly once, or 400 and nothing moved. */
export async function reorderCharts(db: Db, projectId: string, chartIds: readonly string[]): Promise<Dashboard> {
  await db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const rows = await tx
      .select({ id: dashboardCharts.id })
      .from(dashboardCharts)
      .where(eq(dashboardCharts.projectId, projectId));
    const current = new Set(rows.map((row) => row.id));
    if (
      chartIds.length !== current.size ||
      new Set(chartIds).size !== chartIds.length ||
      !chartIds.every((id) => current.has(id))
    ) {
      throw new HttpError(400, analyticsErrorCodes.chartOrderMismatch, analyticsMessages.chartOrderMismatch);
    }
    for (const [position, id] of chartIds.entries()) {
      await tx
        .update(dashboardCharts)
        .set({ position })
        .where(and(eq(dashboardCharts.projectId, projectId), eq(dashboardCharts.id, id)));
    }
  });
  return dashboardOf(db, projectId);
}
