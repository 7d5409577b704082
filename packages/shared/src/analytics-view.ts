import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';

// Issue 8: the view every analytics call under /core/projects/{id}/analytics takes, and its rules.
// Everything that defines a view (docs/product/metrics.md#the-view) is a query parameter, so the web app keeps
// it in its own URL and sends it unchanged. Days are UTC calendar days; `to` is inclusive. The web
// reads its URL with the same rules (isIsoDay, isFilterValue), so it never sends a view the server refuses.

export const granularities = ['day', 'week', 'month'] as const;
export type Granularity = (typeof granularities)[number];

/** The attributes a view can be filtered and broken down by. */
export const filterDimensions = ['platform', 'country', 'app_version'] as const;
export type FilterDimension = (typeof filterDimensions)[number];

/** The longest date range one query covers (as far back as ingestion accepts events). */
export const ANALYTICS_MAX_RANGE_DAYS = 400;
/** Values one filter may list. */
export const FILTER_MAX_VALUES = 20;
/** Classic and rolling retention and cumulative LTV run from day 0 to this day. */
export const RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  return dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .regex(dayPattern, { error: `${name} must be a date as YYYY-MM-DD`, abort: true })
    .refine(isIsoDay, { error: `${name} must be a real calendar date`, abort: true });

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const filterValue = /^[^\u0000-\u001F\u007F,]{1,64}$/u;

/** One value of a filter as the server accepts it: 1 to 64 characters, no commas, control characters or unstorable text. */
export function isFilterValue(value: string): boolean {
  return filterValue.test(value) && isDatabaseText(value);
}

export const filterItem = (dimension: FilterDimension) =>
  z
    .string()
    .regex(filterValue, { error: `each ${dimension} value must be 1 to 64 characters without commas`, abort: true })
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

export const rangeMessages = {
  order: 'from must not be after to',
  tooLong: `The date range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
} as const;

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

/** Days in the range, both ends included (0 or less when from is after to). */
export function rangeDays(view: { from: string; to: string }): number {
  return Math.round((Date.parse(`${view.to}T00:00:00Z`) - Date.parse(`${view.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of the same length just before this one (what the overview compares against). */
export function previousRange(view: { from: string; to: string }): { from: string; to: string } {
  const days = rangeDays(view);
  const from = Date.parse(`${view.from}T00:00:00Z`);
  return { from: isoDate(new Date(from - days * DAY_MS)), to: isoDate(new Date(from - DAY_MS)) };
}

/**
 * The days the overview's cards cover and the range they are compared with (ADR 010 "Incomplete
 * buckets"): only complete days, so a part of today never meets a whole day. A range reaching today
 * covers its days before today; a range of today (or later) only has figures so far and no comparison.
 */
export function overviewRanges(view: { from: string; to: string }, today: string): { cardRange: { from: string; to: string }; previousRange: { from: string; to: string } | null } {
  if (view.to < today) return { cardRange: { from: view.from, to: view.to }, previousRange: previousRange(view) };
  if (view.from >= today) return { cardRange: { from: view.from, to: view.to }, previousRange: null };
  const cardRange = { from: view.from, to: isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS)) };
  return { cardRange, previousRange: previousRange(cardRange) };
}

export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
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
