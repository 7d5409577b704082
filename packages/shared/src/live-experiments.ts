// ADR 029 and docs/product/experiments.md#precedence: what one player gets from the published
// configuration *and* the running experiments. Per key: a running experiment's override (of the
// player's variant) > a live event's > the first rule that takes the player > the default. The
// player enters an experiment when its targeting holds (the live-ops conditions) and `assignVariant`
// gives them a variant. This is the plain evaluation; live-outcome.ts compiles the same answer for
// delivery, and live-outcome.test.ts holds the two to each other over seeded random cases.
import type { LiveCondition } from './live-condition';
import type { LiveConfigSnapshot, PlayerContext } from './live-config';
import { compileCondition, evaluateLiveConfig, readPlayer } from './live-evaluate';
import { validateLiveValue, type LiveValueType } from './live-value';
import { assignVariant, type ExperimentAllocation, type ExperimentLayerRange } from './experiments-assignment';

/** A running experiment as delivery reads it: its allocation, targeting and each variant's overrides. */
export interface LiveExperiment {
  key: string;
  salt: string;
  variants: { key: string; weight: number; overrides: { key: string; value: unknown }[] }[];
  /** 100 in a layer: the layer range is the experiment's share. */
  audiencePercentage: number;
  targeting: LiveCondition[];
  layer: ExperimentLayerRange | null;
}

/** One experiment the player is in, as GET /live/v1/config lists it. */
export interface LiveExperimentAnswer {
  key: string;
  variant: string;
  /** The config keys the experiment controls (any variant overrides them): reading one exposes the player. */
  keys: string[];
}

/** The experiments in the order the answer lists them and their overrides apply: by key (code-unit order). */
export function experimentsInOrder(experiments: readonly LiveExperiment[]): LiveExperiment[] {
  return [...experiments].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function allocationOf(experiment: LiveExperiment): ExperimentAllocation {
  return {
    salt: experiment.salt,
    variants: experiment.variants.map(({ key, weight }) => ({ key, weight })),
    audiencePercentage: experiment.audiencePercentage,
    layer: experiment.layer,
  };
}

/** The type of each key name, as the values object writes it (a name given twice: its last key). */
export function keyTypes(snapshot: LiveConfigSnapshot): Map<string, LiveValueType> {
  return new Map(snapshot.keys.map((key) => [key.name, key.type]));
}

/** The keys an experiment controls: those any variant overrides that the configuration has, in first-override order. */
export function controlledKeys(experiment: LiveExperiment, types: ReadonlyMap<string, LiveValueType>): string[] {
  const keys = new Set<string>();
  for (const variant of experiment.variants) for (const { key } of variant.overrides) if (types.has(key)) keys.add(key);
  return [...keys];
}

/**
 * Whether an override applies: its key exists and the value fits the key's type now (a key's type may
 * change in a later publish; the override is then ignored, as a live event's of a removed key is).
 */
export function overrideApplies(types: ReadonlyMap<string, LiveValueType>, key: string, value: unknown): boolean {
  const type = types.get(key);
  return type !== undefined && validateLiveValue(type, value) === null;
}

/** The values and experiments one player gets at `now` (epoch milliseconds): the answer of GET /live/v1/config. */
export function evaluateLiveAnswer(
  snapshot: LiveConfigSnapshot,
  experiments: readonly LiveExperiment[],
  context: PlayerContext,
  now: number,
): { values: Record<string, unknown>; experiments: LiveExperimentAnswer[] } {
  const values = evaluateLiveConfig(snapshot, context, now);
  const player = readPlayer(context);
  const types = keyTypes(snapshot);
  const taken = new Set<string>();
  const answers: LiveExperimentAnswer[] = [];
  for (const experiment of experimentsInOrder(experiments)) {
    if (!experiment.targeting.every((condition) => compileCondition(condition)(player))) continue;
    const variantKey = assignVariant(player.userId, allocationOf(experiment));
    const variant = experiment.variants.find((candidate) => candidate.key === variantKey);
    if (variant === undefined) continue;
    answers.push({ key: experiment.key, variant: variant.key, keys: controlledKeys(experiment, types) });
    for (const { key, value } of variant.overrides) {
      // Of two experiments overriding one key (only a layer's, which never share a player), the first counts.
      if (taken.has(key) || !overrideApplies(types, key, value)) continue;
      taken.add(key);
      Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return { values, experiments: answers };
}
