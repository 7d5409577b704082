import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { excludedPurchasesSchema } from './money';
import { day } from './analytics-answer-parts';
import { checkRange, filterDimensions, granularities, rangeDays, viewShape } from './analytics-view';
import { isPropertyKey, jsonParam, PROPERTY_KEY_MAX, propertyFiltersSchema, propertyKey, propertyKeyRule } from './analytics-explore-filters';
import { FORMULA_MAX_LENGTH, parseFormula, SERIES_LETTERS, type SeriesLetter } from './explore-formula';

// The explorer (issue 8, issue 17): what a chart asks (series of events measured by bucket, optionally
// broken down by an attribute or any property, filtered by properties, and a formula) and its answer.

export const exploreMeasures = ['count', 'users', 'sum', 'average'] as const;
export type ExploreMeasure = (typeof exploreMeasures)[number];
/** 'property': by the values of the property named in breakdown_property (ADR 026). */
export const exploreBreakdowns = ['none', 'name', ...filterDimensions, 'property'] as const;
export type ExploreBreakdown = (typeof exploreBreakdowns)[number];
export const chartTypes = ['line', 'bar', 'table'] as const;
export type ChartType = (typeof chartTypes)[number];
/** Breakdown values shown at most; the rest are summed into 'Other' (count and sum only). */
export const EXPLORE_MAX_SERIES = 10;
/** The event's own revenue_amount field, usable wherever a numeric property is. */
export const REVENUE_PROPERTY = 'revenue_amount';
/** The explorer's granularities: the view's, and hours (UTC) for ranges up to HOURLY_MAX_DAYS. */
export const exploreGranularities = [...granularities, 'hour'] as const;
export type ExploreGranularity = (typeof exploreGranularities)[number];
export const HOURLY_MAX_DAYS = 7;
export const hourlyRangeMessage = `Hourly granularity covers at most ${HOURLY_MAX_DAYS} days: choose a shorter range or another granularity`;
/** Series a chart may ask for besides the first (B to E), and the formula's letters. */
export const EXPLORE_EXTRA_SERIES_MAX = SERIES_LETTERS.length - 1;

const eventName = z
  .string({ error: 'event must be text' })
  .max(128, { error: 'event must be at most 128 characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('event') });

export const eventNameParam = eventName
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe('the event name; empty: every event');

export { isPropertyKey };

export const propertyKeyParam = z
  .string()
  .max(PROPERTY_KEY_MAX, { error: `property must be at most ${PROPERTY_KEY_MAX} characters` })
  .regex(/^[A-Za-z0-9_.\-$ ]*$/u, { error: `property must be a property key (${propertyKeyRule})` })
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .describe(`a numeric property key (or ${REVENUE_PROPERTY}) for sum and average`);

const measureSchema = z.enum(exploreMeasures, { error: 'measure must be count, users, sum or average' });

/** What an explorer chart asks; also what a pinned dashboard chart stores (without the range). */
export const exploreShape = {
  event: eventNameParam,
  measure: measureSchema.default('count'),
  property: propertyKeyParam,
  breakdown: z.enum(exploreBreakdowns, { error: 'breakdown must be none, name, platform, country, app_version or property' }).default('none'),
  breakdown_property: propertyKeyParam.describe('with breakdown=property: the property key whose values break the chart down'),
};

/** A series after the first (B, C, …): its own event, measure, property and property filters. */
export const seriesSpecSchema = z.object({
  event: eventName.nullable().default(null).transform((value) => (value === '' ? null : value)),
  measure: measureSchema.default('count'),
  property: propertyKey('property').nullable().default(null),
  filters: propertyFiltersSchema.default([]),
});
export type SeriesSpec = z.output<typeof seriesSpecSchema>;
export type SeriesSpecInput = z.input<typeof seriesSpecSchema>;
export const extraSeriesSchema = z
  .array(seriesSpecSchema)
  .max(EXPLORE_EXTRA_SERIES_MAX, { error: `a chart has at most ${SERIES_LETTERS.length} series (A to ${SERIES_LETTERS.at(-1)})` });

const formulaText = z
  .string()
  .max(FORMULA_MAX_LENGTH, { error: `Formula: at most ${FORMULA_MAX_LENGTH} characters` })
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value.trim()));

/** The query-string form of the first series' filters, the further series and the formula (JSON). */
export const exploreExtrasShape = {
  filters: jsonParam('filters', propertyFiltersSchema, []).describe('property filters of series A, as JSON: [{"key":"level","op":"gt","values":["3"]}]'),
  series: jsonParam('series', extraSeriesSchema, []).describe('series B, C, … as JSON: [{"event":"level_start","measure":"count","filters":[]}]'),
  formula: formulaText.describe('a formula series over the series letters, e.g. B / A * 100'),
};

/** The same for a pinned chart's stored query (arrays, not JSON text). */
export const pinnedExtrasShape = {
  breakdown_property: propertyKey('breakdown_property').nullable().default(null),
  filters: propertyFiltersSchema.default([]),
  series: extraSeriesSchema.default([]),
  formula: formulaText,
};

export const propertyRequiredMessage = 'Choose a numeric property to sum or average';
export const breakdownPropertyRequiredMessage = 'Choose a property to break down by';

/** Sum and average measure a numeric property; count and users need none. */
export const needsProperty = (measure: ExploreMeasure) => measure === 'sum' || measure === 'average';

/** The letters of a chart's series: A, then one for each further series. */
export const seriesLetters = (extra: readonly unknown[]): SeriesLetter[] => SERIES_LETTERS.slice(0, extra.length + 1);

export function checkExplore(
  query: {
    measure: ExploreMeasure;
    property: string | null;
    breakdown?: ExploreBreakdown;
    breakdown_property?: string | null;
    series?: readonly SeriesSpec[];
    formula?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (needsProperty(query.measure) && query.property === null) {
    ctx.addIssue({ code: 'custom', message: propertyRequiredMessage, path: ['property'] });
  }
  for (const [index, series] of (query.series ?? []).entries()) {
    if (needsProperty(series.measure) && series.property === null) {
      ctx.addIssue({ code: 'custom', message: `Series ${SERIES_LETTERS[index + 1]}: ${propertyRequiredMessage.toLowerCase()}`, path: ['series', index, 'property'] });
    }
  }
  if (query.breakdown === 'property' && (query.breakdown_property ?? null) === null) {
    ctx.addIssue({ code: 'custom', message: breakdownPropertyRequiredMessage, path: ['breakdown_property'] });
  }
  if (query.formula !== undefined && query.formula !== null) {
    const parsed = parseFormula(query.formula, seriesLetters(query.series ?? []));
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message, path: ['formula'] });
  }
}

export function checkHourly(query: { from: string; to: string; granularity: ExploreGranularity }, ctx: z.RefinementCtx) {
  if (query.granularity === 'hour' && rangeDays(query) > HOURLY_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: hourlyRangeMessage, path: ['granularity'] });
  }
}

export const exploreQuerySchema = z
  .object({
    ...viewShape,
    granularity: z.enum(exploreGranularities, { error: 'granularity must be hour, day, week or month' }).default('day'),
    ...exploreShape,
    ...exploreExtrasShape,
  })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkHourly(query, ctx);
    checkExplore(query, ctx);
  });
export type ExploreQuery = z.output<typeof exploreQuerySchema>;
export type ExploreQueryInput = z.input<typeof exploreQuerySchema>;

/** A bucket's label: its first day (YYYY-MM-DD), or with hourly granularity its hour (YYYY-MM-DDTHH:00:00Z, UTC). */
const bucketLabel = z.union([day, z.iso.datetime()]);
export const explorePoint = z.object({ date: bucketLabel.describe('first day of the bucket, or its hour (UTC)'), value: z.number().nullable() });

export const exploreSchema = z
  .object({
    series: z.array(
      z.object({
        key: z.string().nullable().describe("the breakdown value; null: not set; 'Other' sums the rest"),
        label: z.string(),
        source: z.string().describe("the series letter (A, B, …) or 'formula'"),
        total: z.number().nullable().describe('over the whole range (a formula: over the totals of its series)'),
        points: z.array(explorePoint),
      }),
    ),
    truncated: z.boolean().describe(`more than ${EXPLORE_MAX_SERIES} breakdown values`),
    incomplete: z.array(bucketLabel).describe('labels of the buckets not over yet (today, this hour) or cut by the range: their figures are so far'),
    currency: z.string().nullable().describe(`the reporting currency when measuring ${REVENUE_PROPERTY}; null otherwise`),
    excludedPurchases: excludedPurchasesSchema,
  })
  .meta({ id: 'AnalyticsExplore' });
export type Explore = z.infer<typeof exploreSchema>;
