// docs/product/experiments.md#assignment and ADR 025: which variant of an experiment a player gets. The
// hash is the live-ops rollout hash (ADR 020: MurmurHash3 x86 32-bit of `salt:userId`, mod 10000);
// the salts below give each use its own prefix, so no experiment hash is ever a rollout's hash.
import { z } from 'zod';
import { createRolloutSalt, ROLLOUT_BUCKETS, rolloutBucket } from './live-rollout';

/** Buckets of every experiment split: 10,000, as rollouts, so shares have two decimals. */
export const EXPERIMENT_BUCKETS = ROLLOUT_BUCKETS;
/** A control and up to seven other variants. */
export const MAX_EXPERIMENT_VARIANTS = 8;

const saltSchema = z.string().regex(/^[0-9a-f]{24}$/, 'A salt is 24 lower-case hex digits.');
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

export const experimentVariantSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'A variant key is lower-case letters, digits, "-" and "_", starting with a letter or digit.'),
  /** A relative weight: the variant's share is weight / Σ weights. */
  weight: z.int().min(0).max(EXPERIMENT_BUCKETS),
});

/** A layer: experiments in it split one layer-salted bucket into ranges, so a player is in at most one. */
export const experimentLayerRangeSchema = z
  .object({ salt: saltSchema, from: z.int().min(0).max(EXPERIMENT_BUCKETS), to: z.int().min(0).max(EXPERIMENT_BUCKETS) })
  .refine((range) => range.from < range.to, { message: 'A layer range needs from < to.', path: ['to'] });

export const experimentAllocationSchema = z.object({
  /** The experiment's salt: 24 random hex digits, made once when it is created and never changed. */
  salt: saltSchema,
  /** The control first, then up to seven others. */
  variants: z
    .array(experimentVariantSchema)
    .min(2, 'An experiment needs a control and at least one other variant.')
    .max(MAX_EXPERIMENT_VARIANTS, `An experiment has at most ${MAX_EXPERIMENT_VARIANTS} variants: a control and up to 7 others.`)
    .refine((variants) => new Set(variants.map((variant) => variant.key)).size === variants.length, 'Variant keys must differ.')
    .refine((variants) => variants.some((variant) => variant.weight > 0), 'At least one variant needs a weight above 0.'),
  /** The share of eligible players in the experiment, 0 to 100 with two decimals. */
  audiencePercentage: z.number().min(0).max(100).refine(twoDecimals, 'The audience share has at most two decimals.'),
  layer: experimentLayerRangeSchema.nullable(),
});

export type ExperimentVariant = z.infer<typeof experimentVariantSchema>;
export type ExperimentLayerRange = z.infer<typeof experimentLayerRangeSchema>;
export type ExperimentAllocation = z.infer<typeof experimentAllocationSchema>;

/** A new experiment's or layer's salt: the same random 24 hex digits as a rollout's. */
export const createExperimentSalt = createRolloutSalt;

/** The audience bucket: bucket(userId, "experiment-audience:" + salt). In when below audience% × 100. */
export function audienceBucket(userId: string, salt: string): number {
  return rolloutBucket(userId, `experiment-audience:${salt}`);
}

/** The variant bucket: bucket(userId, "experiment-variant:" + salt), independent of the audience bucket. */
export function variantBucket(userId: string, salt: string): number {
  return rolloutBucket(userId, `experiment-variant:${salt}`);
}

/** The layer bucket: bucket(userId, "experiment-layer:" + layer salt), the same for every experiment of the layer. */
export function layerBucket(userId: string, layerSalt: string): number {
  return rolloutBucket(userId, `experiment-layer:${layerSalt}`);
}

/**
 * The variants' upper bounds in variant buckets: variant i takes the buckets from the previous
 * bound up to floor(10000 × (w₀ + … + wᵢ) / Σ w), the last ending at 10000.
 */
export function variantBounds(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let cumulative = 0;
  return weights.map((weight) => {
    cumulative += weight;
    return Math.floor((EXPERIMENT_BUCKETS * cumulative) / total);
  });
}

/**
 * The player's variant key, or null when the player is not in the experiment: outside its layer
 * range (if it has a layer), or with an audience bucket at or above audience% × 100. Targeting is
 * checked before this by the caller, with the live-ops matchers.
 */
export function assignVariant(userId: string, allocation: ExperimentAllocation): string | null {
  const { layer } = allocation;
  if (layer !== null) {
    const bucket = layerBucket(userId, layer.salt);
    if (bucket < layer.from || bucket >= layer.to) return null;
  }
  const audienceBound = Math.round(allocation.audiencePercentage * 100);
  // Every bucket is below 10,000: the whole audience needs no hash.
  if (audienceBound < EXPERIMENT_BUCKETS && audienceBucket(userId, allocation.salt) >= audienceBound) return null;
  const bucket = variantBucket(userId, allocation.salt);
  const bounds = variantBounds(allocation.variants.map((variant) => variant.weight));
  const index = bounds.findIndex((bound) => bucket < bound);
  return allocation.variants[index]?.key ?? null;
}

/** The pairs of experiments (by key) whose ranges in one layer overlap: a layer may not have any. */
export function overlappingLayerRanges(ranges: readonly { key: string; from: number; to: number }[]): [string, string][] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from || a.to - b.to);
  const overlaps: [string, string][] = [];
  for (const [index, range] of sorted.entries()) {
    for (const later of sorted.slice(index + 1)) {
      if (later.from >= range.to) break;
      overlaps.push([range.key, later.key]);
    }
  }
  return overlaps;
}
