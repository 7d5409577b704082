import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { FILTER_MAX_VALUES, filterItem } from './analytics-view';
import {
  chartTypes,
  checkExplore,
  exploreBreakdowns,
  exploreGranularities,
  exploreMeasures,
  exploreShape,
  pinnedExtrasShape,
} from './analytics-explore';
import { propertyOperators } from './analytics-explore-filters';

// The project dashboard (issue 8): charts pinned from the explorer, per project, in the order the user set.

export const DASHBOARD_MAX_CHARTS = 24;
export const chartTitleMessages = { required: 'Chart title is required', tooLong: 'Chart title must be at most 80 characters' } as const;

/** What a pinned chart stores: the explorer query without the date range (the dashboard's applies). */
export const pinnedQuerySchema = z
  .object({
    ...exploreShape,
    ...pinnedExtrasShape,
    // Hourly charts are drawn while the dashboard's range is at most 7 days (ADR 026).
    granularity: z.enum(exploreGranularities, { error: 'granularity must be hour, day, week or month' }).default('day'),
    platform: z.array(filterItem('platform')).max(FILTER_MAX_VALUES).default([]),
    country: z.array(filterItem('country')).max(FILTER_MAX_VALUES).default([]),
    app_version: z.array(filterItem('app_version')).max(FILTER_MAX_VALUES).default([]),
  })
  .superRefine(checkExplore);
export type PinnedQuery = z.output<typeof pinnedQuerySchema>;

/** A stored property filter as answered (checked when it was pinned). */
const storedFilter = z.object({ key: z.string(), op: z.enum(propertyOperators), values: z.array(z.string()) });

export const dashboardChartSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    chartType: z.enum(chartTypes),
    query: z.object({
      event: z.string().nullable(),
      measure: z.enum(exploreMeasures),
      property: z.string().nullable(),
      breakdown: z.enum(exploreBreakdowns),
      granularity: z.enum(exploreGranularities),
      // Charts pinned before issue 17 have none of these: read as none.
      breakdown_property: z.string().nullable().optional(),
      filters: z.array(storedFilter).optional(),
      series: z
        .array(z.object({ event: z.string().nullable(), measure: z.enum(exploreMeasures), property: z.string().nullable(), filters: z.array(storedFilter) }))
        .optional(),
      formula: z.string().nullable().optional(),
      platform: z.array(z.string()),
      country: z.array(z.string()),
      app_version: z.array(z.string()),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DashboardChart' });
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardSchema = z.object({ charts: z.array(dashboardChartSchema) }).meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const createChartBodySchema = z.object({
  title: z
    .string({ error: chartTitleMessages.required })
    .trim()
    .min(1, { error: chartTitleMessages.required, abort: true })
    .max(80, { error: chartTitleMessages.tooLong, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('The title') }),
  chartType: z.enum(chartTypes, { error: 'chartType must be line, bar or table' }),
  query: pinnedQuerySchema,
});
export type CreateChartBody = z.input<typeof createChartBodySchema>;

export const chartOrderBodySchema = z.object({
  chartIds: z.array(z.uuid({ error: 'chartIds must be chart ids' })).max(DASHBOARD_MAX_CHARTS),
});
export type ChartOrderBody = z.infer<typeof chartOrderBodySchema>;

export const chartParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  chartId: z.uuid({ error: 'chartId must be a chart id (a UUID)' }),
});
