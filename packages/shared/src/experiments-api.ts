// The experiments API (issue 16, docs/product/experiments.md): what the experiments page sends and
// reads, declared once for the server (route schemas, OpenAPI) and the web (forms, answers). The
// statistics live in the other experiments-*.ts files; this file only shapes the HTTP surface.
import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { MAX_EXPERIMENT_VARIANTS, experimentVariantSchema } from './experiments-assignment';
import { experimentMetricKinds, type ExperimentMetricKind } from './experiments-metrics';
import { liveConditionSchema } from './live-condition';
import { LIVE_CONDITIONS_MAX, liveKeyNameSchema } from './live-config';

export const EXPERIMENT_KEY_MAX = 64;
export const EXPERIMENT_HYPOTHESIS_MAX = 1000;
export const EXPERIMENT_SECONDARY_METRICS_MAX = 10;
export const EXPERIMENT_METRIC_DAYS_MAX = 90;
/** Running and draft experiments a project may hold at once; stopped ones do not count. */
export const EXPERIMENTS_OPEN_MAX = 100;

export const experimentStatuses = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} must be at most ${max} characters` })
    .refine(isDatabaseText, { error: databaseTextMessage(what) });

export const experimentKeySchema = z
  .string({ error: 'Enter the experiment key' })
  .trim()
  .min(1, { error: 'Enter the experiment key', abort: true })
  .max(EXPERIMENT_KEY_MAX, { error: `An experiment key must be at most ${EXPERIMENT_KEY_MAX} characters`, abort: true })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, {
    error: 'An experiment key is lower-case letters, digits, "-" and "_", starting with a letter or digit',
  });

/** A layer's name: experiments sharing it are mutually exclusive (a player is in at most one). */
export const experimentLayerNameSchema = experimentKeySchema;

const days = z
  .int({ error: 'Days must be a whole number' })
  .min(0, { error: 'Days must be from 0 to 90' })
  .max(EXPERIMENT_METRIC_DAYS_MAX, { error: 'Days must be from 0 to 90' });

const eventName = z.string().trim().min(1, { error: 'Choose the event' }).max(128);
const propertyName = z.string().trim().min(1, { error: 'Choose the property' }).max(128);

/** A metric an experiment is judged on: one of experimentMetricKinds, with its N and its event or property. */
export const experimentMetricSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('retention'), days: days.min(1, { error: 'Retention is measured from day 1' }) }),
    z.object({ kind: z.literal('payer-conversion'), days }),
    z.object({
      kind: z.literal('event-conversion'),
      days,
      event: eventName,
      /** Only events whose property has this value count, if set. */
      property: z.object({ name: propertyName, value: z.union([z.string().max(1024), z.number(), z.boolean()]) }).nullable().default(null),
    }),
    z.object({ kind: z.literal('revenue'), days }),
    z.object({ kind: z.literal('sessions'), days }),
    z.object({ kind: z.literal('property-mean'), days, event: eventName, property: propertyName }),
  ],
  { error: `A metric's kind must be one of ${experimentMetricKinds.map((kind) => kind.key).join(', ')}` },
);
export type ExperimentMetric = z.infer<typeof experimentMetricSchema>;
export type ExperimentMetricKey = ExperimentMetricKind['key'];

/** A variant as the form edits it: its key, weight and the config values it gives its players. */
export const experimentVariantInputSchema = experimentVariantSchema.extend({
  name: text(64, 'A variant name').default(''),
  /** Remote-config keys (published) and the value this variant's players get; the control usually has none. */
  overrides: z
    .array(z.object({ key: liveKeyNameSchema, value: z.unknown() }))
    .max(50, { error: 'A variant overrides at most 50 keys' })
    .default([]),
});
export type ExperimentVariantInput = z.input<typeof experimentVariantInputSchema>;

/** What the creation form sends, and what a draft may be changed to (PUT replaces the whole draft). */
export const experimentInputSchema = z.object({
  key: experimentKeySchema,
  hypothesis: text(EXPERIMENT_HYPOTHESIS_MAX, 'The hypothesis'),
  /** The control first, then up to seven others. */
  variants: z
    .array(experimentVariantInputSchema)
    .min(2, { error: 'An experiment needs a control and at least one other variant' })
    .max(MAX_EXPERIMENT_VARIANTS, { error: `An experiment has at most ${MAX_EXPERIMENT_VARIANTS} variants: a control and up to 7 others` }),
  /** Who may enter: all must match (the live-ops conditions); none lets everyone in. */
  targeting: z.array(liveConditionSchema).max(LIVE_CONDITIONS_MAX, { error: `At most ${LIVE_CONDITIONS_MAX} conditions` }).default([]),
  /** The share of targeted players in the experiment, 0.01 to 100 with two decimals. */
  audiencePercentage: z.number().min(0.01, { error: 'The audience share must be from 0.01 to 100%' }).max(100, { error: 'The audience share must be from 0.01 to 100%' }),
  layer: experimentLayerNameSchema.nullable().default(null),
  primaryMetric: experimentMetricSchema,
  secondaryMetrics: z
    .array(experimentMetricSchema)
    .max(EXPERIMENT_SECONDARY_METRICS_MAX, { error: `At most ${EXPERIMENT_SECONDARY_METRICS_MAX} secondary metrics` })
    .default([]),
  /** False where less is better (e.g. the mean time to finish a level). */
  higherIsBetter: z.boolean().default(true),
  /** The absolute effect worth detecting on the primary metric: 0.02 = 2 points for a share. */
  minimumDetectableEffect: z.number().positive({ error: 'The minimum detectable effect must be above 0' }),
  /** Players each variant needs (experiments-sample-size.ts), fixed when the experiment starts. */
  plannedPlayersPerVariant: z.int().min(2, { error: 'The sample size must be at least 2 players a variant' }).max(100_000_000),
});
export type ExperimentInput = z.input<typeof experimentInputSchema>;

const person = z.string().describe("The person's address");

export const experimentSchema = z
  .object({
    ...experimentInputSchema.shape,
    variants: z.array(experimentVariantInputSchema.required()),
    status: z.enum(experimentStatuses),
    createdAt: z.iso.datetime(),
    createdBy: person,
    updatedAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    stoppedAt: z.iso.datetime().nullable(),
    /** The variant whose overrides became the default config, if one was shipped. */
    shippedVariant: z.string().nullable(),
  })
  .meta({ id: 'Experiment' });
export type Experiment = z.infer<typeof experimentSchema>;

export const experimentListSchema = z
  .object({
    experiments: z.array(
      experimentSchema.pick({ key: true, hypothesis: true, status: true, startedAt: true, stoppedAt: true, layer: true, shippedVariant: true, updatedAt: true }).extend({
        variants: z.number().int(),
        shippedVariantName: z.string().nullable().describe("The shipped variant's name, or its key where it has none"),
        exposedPlayers: z.number().int().describe('Players with an experiment_exposure event, all variants'),
      }),
    ),
  })
  .meta({ id: 'ExperimentList' });
export type ExperimentList = z.infer<typeof experimentListSchema>;

export const experimentParamsSchema = z.object({ id: z.uuid(), key: experimentKeySchema });
export const experimentShipBodySchema = z.object({ variant: z.string().min(1, { error: 'Choose the variant to ship' }) });

const interval = z.object({ lower: z.number(), upper: z.number() });

/** One metric's figures for one variant against control (docs/product/experiments.md#the-figures). */
export const experimentMetricResultSchema = z.object({
  variant: z.string(),
  players: z.number().int().describe('Exposed players the metric counts (whose day N has passed)'),
  estimate: z.number().nullable(),
  /** Null for the control and while nothing can be compared. */
  absolute: z.object({ estimate: z.number(), fixed: interval, alwaysValid: interval.nullable() }).nullable(),
  relative: z.object({ estimate: z.number(), fixed: interval, alwaysValid: interval.nullable() }).nullable(),
  pValue: z.number().nullable().describe('The always-valid p-value'),
  significant: z.boolean(),
  cuped: z.boolean().describe('CUPED adjusted the figures (some players had history)'),
  verdict: z.object({ kind: z.string(), text: z.string() }).nullable(),
});

export const experimentResultsSchema = z
  .object({
    key: z.string(),
    status: z.enum(experimentStatuses),
    /** Computed at; results are read from the event store as of this moment. */
    at: z.iso.datetime(),
    exposures: z.array(z.object({ variant: z.string(), players: z.number().int(), expectedShare: z.number() })),
    /** Exposed players whose exposures named more than one variant (a bug in the game): each counts in the first. */
    mixedPlayers: z.number().int(),
    /** Players whose first exposure named no variant of the experiment: left out of everything else. */
    unknownVariantPlayers: z.number().int(),
    sampleRatio: z.object({ chiSquared: z.number(), pValue: z.number(), mismatch: z.boolean() }),
    metrics: z.array(
      z.object({
        metric: experimentMetricSchema,
        name: z.string().describe('As the page names it, e.g. "D7 retention"'),
        unit: z.string().nullable().describe("A mean's unit: the reporting currency for revenue, \"sessions\"; null for a share or a property's mean"),
        primary: z.boolean(),
        variants: z.array(experimentMetricResultSchema),
      }),
    ),
    /** The primary metric per UTC day since the start, cumulative, per variant: the chart over time. */
    daily: z.array(
      z.object({
        day: z.iso.date(),
        variants: z.array(z.object({ variant: z.string(), players: z.number().int(), estimate: z.number().nullable(), absolute: interval.nullable() })),
      }),
    ),
  })
  .meta({ id: 'ExperimentResults' });
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
