// The experiment form's fields (all text, as typed) and what they make (issue 16): the body of
// POST/PUT …/experiments, checked by the shared experimentInputSchema with its messages keyed by
// path ("variants.1.weight"), and the sample size per variant (docs/product/experiments.md#sample-size).
import {
  experimentInputSchema,
  type Experiment,
  type ExperimentInput,
  type ExperimentMetric,
  type ExperimentMetricKey,
} from '@questboard/shared/experiments-api';
import { experimentMetricKinds, type ExperimentStatistic } from '@questboard/shared/experiments-metrics';
import { meanSampleSize, proportionSampleSize } from '@questboard/shared/experiments-sample-size';
import type { LiveValueType } from '@questboard/shared/live-value';

import { errorsByPath, type FieldErrors } from '../../../lib/field-errors';
import { type ConditionFields, conditionFromFields, fieldsFromCondition, parseScalar } from '../../../lib/live-config/condition-form';
import { parseValueText, valueToText } from '../../../lib/live-config/value-text';

export interface OverrideFields {
  rowKey: string;
  /** A key of the published config; '' until one is chosen. */
  key: string;
  value: string;
}

export interface VariantFields {
  rowKey: string;
  name: string;
  key: string;
  weight: string;
  overrides: OverrideFields[];
}

export interface MetricFields {
  rowKey: string;
  kind: ExperimentMetricKey;
  days: string;
  /** Event conversion and property mean. */
  event: string;
  /** Event conversion: an optional property filter (name and value); property mean: the property. */
  property: string;
  propertyValue: string;
}

export interface ExperimentFields {
  key: string;
  hypothesis: string;
  variants: VariantFields[];
  targeting: ConditionFields[];
  /** Percent of the targeted players. */
  audience: string;
  layer: string;
  primary: MetricFields;
  secondary: MetricFields[];
  higherIsBetter: boolean;
  /** The control's rate in percent (a share) or the per-player standard deviation (a mean). */
  baseline: string;
  /** In percentage points (a share) or the metric's unit (a mean). */
  effect: string;
  /** A draft's stored sample size, kept while no baseline is entered to compute another. */
  storedPlanned: number | null;
}

/** The published config's keys, by name, with their types: what overrides may choose from. */
export type LiveKeyTypes = ReadonlyMap<string, LiveValueType>;

let rows = 0;
const rowKey = () => `experiment-row-${(rows += 1)}`;

export const statisticOf = (kind: ExperimentMetricKey): ExperimentStatistic =>
  experimentMetricKinds.find((candidate) => candidate.key === kind)?.statistic ?? 'proportion';

export function newVariant(index: number): VariantFields {
  // Control, then b, c, …: short keys a game's logs can carry.
  const key = index === 0 ? 'control' : String.fromCharCode(97 + index);
  return { rowKey: rowKey(), name: index === 0 ? 'Control' : key.toUpperCase(), key, weight: '1', overrides: [] };
}

export const newOverride = (): OverrideFields => ({ rowKey: rowKey(), key: '', value: '' });

export function newMetric(kind: ExperimentMetricKey = 'retention'): MetricFields {
  return { rowKey: rowKey(), kind, days: '7', event: '', property: '', propertyValue: '' };
}

export function emptyExperimentFields(): ExperimentFields {
  return {
    key: '',
    hypothesis: '',
    variants: [newVariant(0), newVariant(1)],
    targeting: [],
    audience: '100',
    layer: '',
    primary: newMetric('retention'),
    secondary: [],
    higherIsBetter: true,
    baseline: '',
    effect: '',
    storedPlanned: null,
  };
}

function metricFieldsOf(metric: ExperimentMetric): MetricFields {
  const fields = { ...newMetric(metric.kind), days: String(metric.days) };
  if (metric.kind === 'event-conversion') {
    return { ...fields, event: metric.event, property: metric.property?.name ?? '', propertyValue: metric.property ? String(metric.property.value) : '' };
  }
  if (metric.kind === 'property-mean') return { ...fields, event: metric.event, property: metric.property };
  return fields;
}

/** A draft back in the form: the baseline is not stored, so its planned size stays until one is entered. */
export function experimentFieldsOf(experiment: Experiment, keyTypes: LiveKeyTypes): ExperimentFields {
  const scale = statisticOf(experiment.primaryMetric.kind) === 'proportion' ? 100 : 1;
  return {
    key: experiment.key,
    hypothesis: experiment.hypothesis,
    variants: experiment.variants.map((variant) => ({
      rowKey: rowKey(),
      name: variant.name,
      key: variant.key,
      weight: String(variant.weight),
      overrides: variant.overrides.map((override) => ({
        rowKey: rowKey(),
        key: override.key,
        value: valueToText(keyTypes.get(override.key) ?? 'json', override.value),
      })),
    })),
    targeting: experiment.targeting.map(fieldsFromCondition),
    audience: String(experiment.audiencePercentage),
    layer: experiment.layer ?? '',
    primary: metricFieldsOf(experiment.primaryMetric),
    secondary: experiment.secondaryMetrics.map(metricFieldsOf),
    higherIsBetter: experiment.higherIsBetter,
    baseline: '',
    effect: String(Number((experiment.minimumDetectableEffect * scale).toPrecision(12))),
    storedPlanned: experiment.plannedPlayersPerVariant,
  };
}

/** A number as typed ("12,5" is not one), or null when it is not one. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/%$/u, '');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/** What the metric's fields make, unchecked: the shared schema says what is wrong with it. */
export function metricFromFields(fields: MetricFields): unknown {
  const days = parseNumber(fields.days) ?? fields.days;
  switch (fields.kind) {
    case 'event-conversion':
      return {
        kind: fields.kind,
        days,
        event: fields.event,
        property: fields.property.trim() === '' ? null : { name: fields.property, value: parseScalar(fields.propertyValue) },
      };
    case 'property-mean':
      return { kind: fields.kind, days, event: fields.event, property: fields.property };
    default:
      return { kind: fields.kind, days };
  }
}

export type SampleSize = { ok: true; players: number; computed: boolean } | { ok: false; field: 'baseline' | 'effect'; message: string };

/**
 * The players each variant needs: from the baseline and the effect when both are entered
 * (proportionSampleSize for a share, meanSampleSize for a mean), else a draft's stored figure.
 * Where less is better the effect is a drop.
 */
export function sampleSizeOf(fields: Pick<ExperimentFields, 'primary' | 'baseline' | 'effect' | 'higherIsBetter' | 'storedPlanned'>): SampleSize {
  const statistic = statisticOf(fields.primary.kind);
  const effect = parseNumber(fields.effect);
  if (effect === null || effect <= 0) {
    return { ok: false, field: 'effect', message: fields.effect.trim() === '' ? 'Enter the minimum detectable effect' : 'The minimum detectable effect must be a number above 0' };
  }
  const baseline = parseNumber(fields.baseline);
  if (fields.baseline.trim() === '' && fields.storedPlanned !== null) return { ok: true, players: fields.storedPlanned, computed: false };
  const signed = fields.higherIsBetter ? effect : -effect;
  if (statistic === 'proportion') {
    if (baseline === null || baseline <= 0 || baseline >= 100) return { ok: false, field: 'baseline', message: 'Enter the control rate, above 0 and below 100%' };
    const rate = baseline / 100 + signed / 100;
    if (rate <= 0 || rate >= 1) return { ok: false, field: 'effect', message: `The effect must keep the rate between 0 and 100% (the control's ${baseline}% ${fields.higherIsBetter ? '+' : '−'} ${effect} points)` };
    return { ok: true, players: proportionSampleSize(baseline / 100, signed / 100), computed: true };
  }
  if (baseline === null || baseline <= 0) return { ok: false, field: 'baseline', message: 'Enter the standard deviation per player, above 0' };
  return { ok: true, players: meanSampleSize(baseline, signed), computed: true };
}

/** The request body the fields make, or the messages to show under the fields: nothing goes out with a known problem. */
export function buildExperiment(fields: ExperimentFields, keyTypes: LiveKeyTypes): { ok: true; body: ExperimentInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  // A field that is not a number says so; the schema then judges the number.
  const numberAt = (path: string, text: string, message: string) => {
    const number = parseNumber(text);
    if (number === null) errors[path] = message;
    return number ?? 0;
  };
  const metric = (path: string, metricFields: MetricFields) => {
    numberAt(`${path}.days`, metricFields.days, 'Enter the days as a whole number');
    return metricFromFields(metricFields);
  };
  const variants = fields.variants.map((variant, index) => ({
    key: variant.key,
    name: variant.name,
    weight: numberAt(`variants.${index}.weight`, variant.weight, 'Enter the weight as a whole number'),
    overrides: variant.overrides.map((override, at) => {
      const path = `variants.${index}.overrides.${at}`;
      const type = keyTypes.get(override.key);
      if (type === undefined) {
        errors[`${path}.key`] = 'Choose a key of the published config';
        return { key: override.key, value: null };
      }
      const parsed = parseValueText(type, override.value);
      if (!parsed.ok) errors[`${path}.value`] = parsed.message;
      return { key: override.key, value: parsed.ok ? parsed.value : null };
    }),
  }));
  const size = sampleSizeOf(fields);
  if (!size.ok) errors[size.field === 'effect' ? 'minimumDetectableEffect' : 'baseline'] = size.message;
  const effect = parseNumber(fields.effect) ?? 0;
  const candidate = {
    key: fields.key,
    hypothesis: fields.hypothesis,
    variants,
    targeting: fields.targeting.map(conditionFromFields),
    audiencePercentage: numberAt('audiencePercentage', fields.audience, 'Enter the audience share in percent'),
    layer: fields.layer.trim() === '' ? null : fields.layer,
    primaryMetric: metric('primaryMetric', fields.primary),
    secondaryMetrics: fields.secondary.map((item, index) => metric(`secondaryMetrics.${index}`, item)),
    higherIsBetter: fields.higherIsBetter,
    minimumDetectableEffect: statisticOf(fields.primary.kind) === 'proportion' ? effect / 100 : effect,
    plannedPlayersPerVariant: size.ok ? size.players : 2,
  };
  const parsed = experimentInputSchema.safeParse(candidate);
  if (!parsed.success) for (const [path, message] of Object.entries(errorsByPath(parsed.error.issues))) errors[path] ??= message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
