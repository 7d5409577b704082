import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { day, incompleteBuckets } from './analytics-answer-parts';
import { checkRange, filterDimensions, viewShape } from './analytics-view';
import { isPropertyKey } from './analytics-explore';

// Funnels (issue 17, ADR 027): ordered steps, each an event name with optional property filters,
// counted within a conversion window. What a funnel asks travels in the query string (the steps as
// JSON in `steps`), so the web keeps it in its own address; the counting is defined once in
// docs/product/metrics.md#funnels.

export const FUNNEL_MIN_STEPS = 2;
export const FUNNEL_MAX_STEPS = 10;
/** Property filters one step may have. */
export const FUNNEL_MAX_FILTERS = 5;
/** Values an `in` filter may list. */
export const FUNNEL_MAX_IN_VALUES = 20;
export const FUNNEL_MIN_WINDOW_MINUTES = 1;
/** 90 days. */
export const FUNNEL_MAX_WINDOW_MINUTES = 90 * 24 * 60;
export const FUNNEL_DEFAULT_WINDOW_MINUTES = 24 * 60;
/** Breakdown values shown at most; the players of the rest are summed into one "Other" row. */
export const FUNNEL_BREAKDOWN_MAX = 10;
/** Dropped players one call lists at most (the page shows fewer; the CSV asks for pages of this). */
export const FUNNEL_PLAYERS_MAX_LIMIT = 1000;
export const FUNNEL_PLAYERS_DEFAULT_LIMIT = 50;
/** The CSV export stops after this many players. */
export const FUNNEL_CSV_MAX_PLAYERS = 10_000;

export const funnelOrders = ['strict', 'any'] as const;
export type FunnelOrder = (typeof funnelOrders)[number];
export const funnelBreakdowns = ['none', ...filterDimensions, 'property'] as const;
export type FunnelBreakdown = (typeof funnelBreakdowns)[number];

export const textOperators = ['eq', 'neq'] as const;
export const numberOperators = ['gt', 'gte', 'lt', 'lte'] as const;
export const funnelOperators = [...textOperators, 'in', ...numberOperators] as const;
export type FunnelOperator = (typeof funnelOperators)[number];
export const operatorLabels: Record<FunnelOperator, string> = {
  eq: 'equals',
  neq: 'does not equal',
  in: 'is one of',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

export const funnelMessages = {
  stepsJson: 'steps must be a JSON list of steps, e.g. [{"event":"install"},{"event":"tutorial_complete"}]',
  stepCount: `A funnel has ${FUNNEL_MIN_STEPS} to ${FUNNEL_MAX_STEPS} steps`,
  window: `The conversion window must be ${FUNNEL_MIN_WINDOW_MINUTES} minute to 90 days (${FUNNEL_MAX_WINDOW_MINUTES} minutes)`,
  operator: `operator must be one of ${funnelOperators.join(', ')}`,
  property: 'property must be a property key (letters, digits, _ . - $ and spaces, at most 64 characters)',
  breakdownProperty: 'Choose the property to break down by',
  step: 'step must be a step of the funnel after the first',
} as const;

const eventName = z
  .string({ error: 'Each step needs an event name' })
  .min(1, { error: 'Each step needs an event name', abort: true })
  .max(128, { error: 'An event name has at most 128 characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('An event name') });

const propertyKey = z.string({ error: funnelMessages.property }).refine(isPropertyKey, { error: funnelMessages.property });
const textValue = z
  .string({ error: 'A value must be text' })
  .max(1024, { error: 'A value has at most 1024 characters', abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('A value') });

export const funnelFilterSchema = z.discriminatedUnion(
  'operator',
  [
    z.object({ property: propertyKey, operator: z.enum(textOperators), value: textValue }),
    z.object({
      property: propertyKey,
      operator: z.literal('in'),
      values: z
        .array(textValue, { error: 'values must be a list of texts' })
        .min(1, { error: 'List at least one value' })
        .max(FUNNEL_MAX_IN_VALUES, { error: `An "is one of" filter lists at most ${FUNNEL_MAX_IN_VALUES} values` }),
    }),
    z.object({
      property: propertyKey,
      operator: z.enum(numberOperators),
      value: z.number({ error: 'A comparison needs a number' }).refine(Number.isFinite, { error: 'A comparison needs a finite number' }),
    }),
  ],
  { error: funnelMessages.operator },
);
export type FunnelFilter = z.infer<typeof funnelFilterSchema>;

export const funnelStepSchema = z.object({
  event: eventName,
  filters: z
    .array(funnelFilterSchema)
    .max(FUNNEL_MAX_FILTERS, { error: `A step has at most ${FUNNEL_MAX_FILTERS} property filters` })
    .default([]),
});
export type FunnelStep = z.output<typeof funnelStepSchema>;
export type FunnelStepInput = z.input<typeof funnelStepSchema>;

export const funnelStepsSchema = z
  .array(funnelStepSchema, { error: funnelMessages.stepsJson })
  .min(FUNNEL_MIN_STEPS, { error: funnelMessages.stepCount })
  .max(FUNNEL_MAX_STEPS, { error: funnelMessages.stepCount });

/** The steps as the query string carries them: JSON text. */
const stepsParam = z
  .string({ error: funnelMessages.stepsJson })
  .max(20_000, { error: 'steps is too long' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: funnelMessages.stepsJson });
      return z.NEVER;
    }
  })
  .pipe(funnelStepsSchema)
  .describe('the steps as JSON: [{"event": name, "filters": [{"property", "operator", "value" | "values"}]}], 2 to 10');

const integerParam = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const funnelShape = {
  steps: stepsParam,
  window: integerParam(funnelMessages.window, FUNNEL_MIN_WINDOW_MINUTES, FUNNEL_MAX_WINDOW_MINUTES)
    .default(FUNNEL_DEFAULT_WINDOW_MINUTES)
    .describe('the conversion window in minutes, from the entry: 1 to 129600 (90 days)'),
  order: z.enum(funnelOrders, { error: 'order must be strict or any' }).default('strict'),
  breakdown: z.enum(funnelBreakdowns, { error: 'breakdown must be none, platform, country, app_version or property' }).default('none'),
  breakdownProperty: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value))
    .pipe(z.string().refine(isPropertyKey, { error: funnelMessages.property }).nullable())
    .describe("the entry event's property to break down by (breakdown=property)"),
};

function checkFunnel(query: { breakdown: FunnelBreakdown; breakdownProperty: string | null }, ctx: z.RefinementCtx) {
  if (query.breakdown === 'property' && query.breakdownProperty === null) {
    ctx.addIssue({ code: 'custom', message: funnelMessages.breakdownProperty, path: ['breakdownProperty'] });
  }
}

export const funnelQuerySchema = z.object({ ...viewShape, ...funnelShape }).superRefine((query, ctx) => {
  checkRange(query, ctx);
  checkFunnel(query, ctx);
});
export type FunnelQuery = z.output<typeof funnelQuerySchema>;
export type FunnelQueryInput = z.input<typeof funnelQuerySchema>;

export const funnelPlayersQuerySchema = z
  .object({
    ...viewShape,
    ...funnelShape,
    step: z.coerce.number({ error: funnelMessages.step }).int({ error: funnelMessages.step }).min(2, { error: funnelMessages.step }).describe('the step they did not reach (2 to the number of steps)'),
    offset: z.coerce.number({ error: 'offset must be a whole number from 0' }).int().min(0, { error: 'offset must be a whole number from 0' }).max(1_000_000).default(0),
    limit: integerParam(`limit must be 1 to ${FUNNEL_PLAYERS_MAX_LIMIT}`, 1, FUNNEL_PLAYERS_MAX_LIMIT).default(FUNNEL_PLAYERS_DEFAULT_LIMIT),
  })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkFunnel(query, ctx);
    if (query.step > query.steps.length) ctx.addIssue({ code: 'custom', message: funnelMessages.step, path: ['step'] });
  });
export type FunnelPlayersQuery = z.output<typeof funnelPlayersQuerySchema>;
export type FunnelPlayersQueryInput = z.input<typeof funnelPlayersQuerySchema>;

const share = z.number().nullable();
const seconds = z.number().nullable();

export const funnelSchema = z
  .object({
    steps: z.array(
      z.object({
        players: z.number().int().describe('players who reached this step (any order: who did at least this many of the steps)'),
        fromPrevious: share.describe('players / the previous step\'s players; null on the first step or when it had none'),
        fromFirst: share.describe('players / the first step\'s players'),
        dropped: z.number().int().describe('the previous step\'s players who did not reach this one (0 on the first)'),
        medianSeconds: seconds.describe('median time from the entry to this step, of the players who reached it'),
        p90Seconds: seconds.describe('90th percentile of the same'),
      }),
    ),
    breakdown: z.array(
      z.object({
        value: z.string().nullable().describe('the entry event\'s value; null: not set'),
        other: z.boolean().describe(`true: the values beyond the first ${FUNNEL_BREAKDOWN_MAX}, together`),
        players: z.array(z.number().int()).describe('players per step'),
      }),
    ),
    breakdownTruncated: z.boolean(),
    trend: z.array(
      z.object({
        date: day.describe('first day of the bucket of entry'),
        entered: z.number().int(),
        converted: z.number().int().describe('of those, players who reached the last step'),
        conversion: share,
      }),
    ),
    incomplete: incompleteBuckets,
  })
  .meta({ id: 'AnalyticsFunnel' });
export type Funnel = z.infer<typeof funnelSchema>;

export const funnelPlayersSchema = z
  .object({
    total: z.number().int().describe('players who reached the step before and not this one'),
    players: z.array(
      z.object({
        userId: z.string(),
        enteredAt: z.iso.datetime().describe('their first step 1 event in the range'),
        lastStepAt: z.iso.datetime().describe('when they reached the step before'),
      }),
    ),
  })
  .meta({ id: 'AnalyticsFunnelPlayers' });
export type FunnelPlayers = z.infer<typeof funnelPlayersSchema>;
