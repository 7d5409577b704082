import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  FILTER_MAX_VALUES,
  type FilterDimension,
  dayPattern,
  filterValuePattern,
  granularities,
  isIsoDay,
  rangeDays,
  rangeMessages,
} from './analytics-view-rules';

// Issue 8: the view every analytics call under /core/projects/{id}/analytics takes, as schemas.
// Everything that defines a view (docs/product/metrics.md#the-view) is a query parameter, so the web app keeps
// it in its own URL and sends it unchanged. The web reads its URL with the same rules
// (analytics-view-rules.ts: isIsoDay, isFilterValue), so it never sends a view the server refuses.
export * from './analytics-view-rules';

const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .regex(dayPattern, { error: `${name} must be a date as YYYY-MM-DD`, abort: true })
    .refine(isIsoDay, { error: `${name} must be a real calendar date`, abort: true });

export const filterItem = (dimension: FilterDimension) =>
  z
    .string()
    .regex(filterValuePattern, { error: `each ${dimension} value must be 1 to 64 characters without commas`, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage(`each ${dimension} value`) });

/** A filter in a query string: comma-separated values ('ios,android'); empty means no filter. */
const filterList = (dimension: FilterDimension) =>
  z
    .string()
    .max(2000, { error: `${dimension} lists too many values` })
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .pipe(
      z
        .array(filterItem(dimension))
        .max(FILTER_MAX_VALUES, { error: `${dimension} may list at most ${FILTER_MAX_VALUES} values` }),
    )
    .describe(`only events whose ${dimension} is one of these comma-separated values; empty: all`);

export const viewShape = {
  from: isoDay('from').describe('first UTC day of the range'),
  to: isoDay('to').describe('last UTC day of the range (inclusive)'),
  granularity: z.enum(granularities, { error: 'granularity must be day, week or month' }).default('day'),
  platform: filterList('platform'),
  country: filterList('country'),
  app_version: filterList('app_version'),
};

export function checkRange(view: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = rangeDays(view);
  if (days < 1) ctx.addIssue({ code: 'custom', message: rangeMessages.order, path: ['from'] });
  else if (days > ANALYTICS_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: rangeMessages.tooLong, path: ['to'] });
}

export const analyticsQuerySchema = z.object(viewShape).superRefine(checkRange);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
/** A view as the web app writes it (filters still comma-separated). */
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

export type AnalyticsFilters = Pick<AnalyticsQuery, FilterDimension>;

export const retentionModes = ['classic', 'rolling'] as const;
export type RetentionMode = (typeof retentionModes)[number];

export const retentionQuerySchema = z
  .object({ ...viewShape, mode: z.enum(retentionModes, { error: 'mode must be classic or rolling' }).default('classic') })
  .superRefine(checkRange);
export type RetentionQuery = z.output<typeof retentionQuerySchema>;
