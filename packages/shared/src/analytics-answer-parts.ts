import { z } from 'zod';

// The pieces the analytics answers share (days, series points, cohort rows), declared once.

export const day = z.iso.date();
export const point = z.object({ date: day.describe('first day of the bucket'), value: z.number().nullable() });
export type SeriesPoint = z.infer<typeof point>;

export const rangeSchema = z.object({ from: day, to: day });

/** ADR 010 "Incomplete buckets": the series answers say which of their buckets are not whole. */
export const incompleteBuckets = z
  .array(day)
  .describe('labels of the buckets not over yet (today, this week) or cut by the range: their figures are so far');

/** The one set of cohorts a curve follows from day 0 to its last day (ADR 010 "Curves"). */
export const curveCohorts = z
  .object({
    from: day.describe('first install day of the cohorts the curve follows'),
    to: day.describe('last install day of them: every one has reached lastDay'),
    users: z.number().int().describe('their installed users, the denominator of every point'),
    lastDay: z.number().int().describe('the last day since install the curve reaches; later points are null'),
  })
  .nullable()
  .describe('null: no cohort has reached day 0 yet');
export type CurveCohorts = z.infer<typeof curveCohorts>;

export const cohortRow = z.object({
  cohort: day.describe('first install day of the cohort bucket'),
  size: z.number().int(),
  values: z.array(z.number().nullable()).describe('day 0 to 30; null where that day has not been reached yet'),
});
export type CohortRow = z.infer<typeof cohortRow>;
