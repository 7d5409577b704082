import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { excludedPurchasesSchema } from './money';
import { incompleteBuckets, point } from './analytics-answer-parts';
import { checkRange, filterDimensions, viewShape } from './analytics-view';

// The explorer (issue 8): what a chart asks (an event measured by bucket, optionally broken down) and its answer.

export const exploreMeasures = ['count', 'users', 'sum', 'average'] as const;
export type ExploreMeasure = (typeof exploreMeasures)[number];
export const exploreBreakdowns = ['none', 'name', ...filterDimensions] as const;
export type ExploreBreakdown = (typeof exploreBreakdowns)[number];
export const chartTypes = ['line', 'bar', 'table'] as const;
export type ChartType = (typeof chartTypes)[number];
/** Breakdown values shown at most; the rest are summed into 'Other' (count and sum only). */
export const EXPLORE_MAX_SERIES = 10;
/** The event's own revenue_amount field, usable wherever a numeric property is. */
export const REVENUE_PROPERTY = 'revenue_amount';

export const eventNameParam = z
  .string()
  .max(128, { error: 'event must be at most 128 characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('event') })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe('the event name; empty: every event');

const propertyKeyCharacters = /^[A-Za-z0-9_.\-$ ]*$/;
const PROPERTY_KEY_MAX = 64;

/** A property key the explorer can measure (the web offers only these: the server refuses others). */
export const isPropertyKey = (value: string) => value !== '' && value.length <= PROPERTY_KEY_MAX && propertyKeyCharacters.test(value);

export const propertyKeyParam = z
  .string()
  .max(PROPERTY_KEY_MAX, { error: `property must be at most ${PROPERTY_KEY_MAX} characters` })
  .regex(propertyKeyCharacters, { error: 'property must be a property key (letters, digits, _ . - $ and spaces)' })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe(`a numeric property key (or ${REVENUE_PROPERTY}) for sum and average`);

/** What an explorer chart asks; also what a pinned dashboard chart stores (without the range). */
export const exploreShape = {
  event: eventNameParam,
  measure: z.enum(exploreMeasures, { error: 'measure must be count, users, sum or average' }).default('count'),
  property: propertyKeyParam,
  breakdown: z.enum(exploreBreakdowns, { error: 'breakdown must be none, name, platform, country or app_version' }).default('none'),
};

export const propertyRequiredMessage = 'Choose a numeric property to sum or average';

/** Sum and average measure a numeric property; count and users need none. */
export const needsProperty = (measure: ExploreMeasure) => measure === 'sum' || measure === 'average';

export function checkExplore(query: { measure: ExploreMeasure; property: string | null }, ctx: z.RefinementCtx) {
  if (needsProperty(query.measure) && query.property === null) {
    ctx.addIssue({ code: 'custom', message: propertyRequiredMessage, path: ['property'] });
  }
}

export const exploreQuerySchema = z
  .object({ ...viewShape, ...exploreShape })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkExplore(query, ctx);
  });
export type ExploreQuery = z.output<typeof exploreQuerySchema>;
export type ExploreQueryInput = z.input<typeof exploreQuerySchema>;

export const exploreSchema = z
  .object({
    series: z.array(
      z.object({
        key: z.string().nullable().describe("the breakdown value; null: not set; 'Other' sums the rest"),
        label: z.string(),
        total: z.number().nullable(),
        points: z.array(point),
      }),
    ),
    truncated: z.boolean().describe(`more than ${EXPLORE_MAX_SERIES} breakdown values`),
    incomplete: incompleteBuckets,
    currency: z.string().nullable().describe(`the reporting currency when measuring ${REVENUE_PROPERTY}; null otherwise`),
    excludedPurchases: excludedPurchasesSchema,
  })
  .meta({ id: 'AnalyticsExplore' });
export type Explore = z.infer<typeof exploreSchema>;
