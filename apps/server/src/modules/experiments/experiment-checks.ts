import { EXPERIMENT_BUCKETS } from '@questboard/shared/experiments-assignment';
import { experimentMessages } from '@questboard/shared/experiments-errors';
import type { ExperimentInput } from '@questboard/shared/experiments-api';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import { validateLiveValue } from '@questboard/shared/live-value';
import { databaseTextMessage, isDatabaseText } from '@questboard/shared/database-text';

// The checks of ADR 029 as pure functions: a definition's consistency (at create and change), and
// what starting needs (overrides of published keys with values of their type, no key of another
// running experiment outside the layer, a free range of the layer's buckets).

type Definition = Pick<ExperimentInput, 'variants' | 'audiencePercentage'> & { variants: { key: string; weight: number; overrides?: { key: string; value: unknown }[] }[] };

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The path of the first text (a value or an object's key) no database can store, or null. */
function unstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isDatabaseText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const inner = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (!isDatabaseText(key)) return inner;
    const found = unstorableText(item, inner);
    if (found !== null) return found;
  }
  return null;
}

/**
 * What the schema cannot say of one field: text every database can store, override values a JSON
 * key could hold, distinct variant keys, a weight above 0, two decimals, each key overridden once
 * per variant. A value's fit to its key's type is checked at the start, against the published config.
 */
export function definitionProblem(definition: Definition): string | null {
  const unstorable = unstorableText(definition, 'experiment');
  if (unstorable !== null) return databaseTextMessage(`The text at ${unstorable}`);
  const keys = definition.variants.map((variant) => variant.key);
  if (new Set(keys).size !== keys.length) return experimentMessages.variantKeysRepeat;
  if (!definition.variants.some((variant) => variant.weight > 0)) return experimentMessages.noWeight;
  if (!twoDecimals(definition.audiencePercentage)) return experimentMessages.audienceDecimals;
  for (const variant of definition.variants) {
    const seen = new Set<string>();
    for (const { key, value } of variant.overrides ?? []) {
      if (seen.has(key)) return experimentMessages.overrideTwice(variant.key, key);
      seen.add(key);
      const problem = validateLiveValue('json', value);
      if (problem !== null) return experimentMessages.badValue(variant.key, key, lowerFirst(problem));
    }
  }
  return null;
}

/** The config keys any variant overrides. */
export function overriddenKeys(definition: Pick<Definition, 'variants'>): Set<string> {
  return new Set(definition.variants.flatMap((variant) => (variant.overrides ?? []).map((override) => override.key)));
}

/** The first problem of the overrides against the published config, or null: every key exists, every value fits its type. */
export function overrideProblem(definition: Pick<Definition, 'variants'>, published: LiveConfigSnapshot): string | null {
  if (overriddenKeys(definition).size === 0) return experimentMessages.noOverrides;
  const types = new Map(published.keys.map((key) => [key.name, key.type]));
  for (const variant of definition.variants) {
    for (const { key, value } of variant.overrides ?? []) {
      const type = types.get(key);
      if (type === undefined) return experimentMessages.unknownKey(variant.key, key);
      const problem = validateLiveValue(type, value);
      if (problem !== null) return experimentMessages.badValue(variant.key, key, lowerFirst(problem));
    }
  }
  return null;
}

/** The first running experiment outside `layer` that overrides one of the keys, with those keys. */
export function keyConflict(
  keys: ReadonlySet<string>,
  layer: string | null,
  running: readonly { key: string; layer: string | null; keys: ReadonlySet<string> }[],
): { other: string; keys: string[] } | null {
  for (const other of running) {
    if (layer !== null && other.layer === layer) continue;
    const shared = [...keys].filter((key) => other.keys.has(key));
    if (shared.length > 0) return { other: other.key, keys: shared.sort() };
  }
  return null;
}

/**
 * The first free range of the layer's buckets `width` wide, given the ranges running experiments
 * hold; else the widest free range, for the message.
 */
export function allocateLayerRange(width: number, taken: readonly { from: number; to: number }[]): { from: number; to: number } | { widestFree: number } {
  let start = 0;
  let widest = 0;
  for (const range of [...taken].sort((a, b) => a.from - b.from)) {
    if (range.from - start >= width) return { from: start, to: start + width };
    widest = Math.max(widest, range.from - start);
    start = Math.max(start, range.to);
  }
  if (EXPERIMENT_BUCKETS - start >= width) return { from: start, to: start + width };
  return { widestFree: Math.max(widest, EXPERIMENT_BUCKETS - start) };
}

/** A layer range's width for an audience share: round(audience% × 100) buckets. */
export const layerWidth = (audiencePercentage: number) => Math.round(audiencePercentage * 100);

/**
 * The published snapshot with the variant's overrides as the keys' defaults (what shipping publishes),
 * and the draft with the same defaults where the draft still has the key with a type the value fits.
 */
export function withDefaults(snapshot: LiveConfigSnapshot, overrides: readonly { key: string; value: unknown }[]): LiveConfigSnapshot {
  const values = new Map(overrides.map(({ key, value }) => [key, value]));
  return {
    ...snapshot,
    keys: snapshot.keys.map((key) =>
      values.has(key.name) && validateLiveValue(key.type, values.get(key.name)) === null ? { ...key, defaultValue: structuredClone(values.get(key.name)) } : key,
    ),
  };
}
