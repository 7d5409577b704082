// Issue 8: the rules of the view every analytics call under /core/projects/{id}/analytics takes
// (docs/product/metrics.md#the-view): its granularities, filters and range. Days are UTC calendar
// days; `to` is inclusive. The schemas built from these rules are in analytics-view.ts; this file
// holds no zod, so the web app's first page reads its URL with the same rules before zod has loaded
// (ADR 024).
import { isDatabaseText } from './database-text-rule';

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
/** YYYY-MM-DD, before the calendar check. */
export const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  return dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const filterValuePattern = /^[^\u0000-\u001F\u007F,]{1,64}$/u;

/** One value of a filter as the server accepts it: 1 to 64 characters, no commas, control characters or unstorable text. */
export function isFilterValue(value: string): boolean {
  return filterValuePattern.test(value) && isDatabaseText(value);
}

export const rangeMessages = {
  order: 'from must not be after to',
  tooLong: `The date range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
} as const;

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
