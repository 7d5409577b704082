import { describe, expect, it } from 'vitest';
import {
  assignVariant,
  audienceBucket,
  experimentAllocationSchema,
  layerBucket,
  overlappingLayerRanges,
  variantBounds,
  variantBucket,
  type ExperimentAllocation,
} from './experiments-assignment';
import { chiSquaredSurvival } from './experiments-distributions';
import { sampleRatioCheck } from './experiments-srm';
import { seededPlayerIds } from './experiments.test-support';
import { murmurHash3, rolloutBucket } from './live-rollout';

const SALT = '9f86d081884c7d659a2feaa0';
const LAYER_SALT = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const ids = seededPlayerIds(100_000, 20_261_127);

function allocation(overrides: Partial<ExperimentAllocation> = {}): ExperimentAllocation {
  return {
    salt: SALT,
    variants: [
      { key: 'control', weight: 1 },
      { key: 'b', weight: 1 },
    ],
    audiencePercentage: 100,
    layer: null,
    ...overrides,
  };
}

/** Pearson's chi-squared test of independence of a cross table; returns its p-value. */
function independence(table: number[][]): number {
  const total = table.flat().reduce((sum, count) => sum + count, 0);
  const rows = table.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = table[0]!.map((_, column) => table.reduce((sum, row) => sum + row[column]!, 0));
  let chiSquared = 0;
  for (const [r, row] of table.entries()) {
    for (const [c, count] of row.entries()) {
      const expected = (rows[r]! * columns[c]!) / total;
      chiSquared += (count - expected) ** 2 / expected;
    }
  }
  return chiSquaredSurvival(chiSquared, (rows.length - 1) * (columns.length - 1));
}

describe('the buckets (ADR 025 vectors)', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it.each([
    // userId, audience bucket, variant bucket, layer bucket (layer salt a1b2…f2)
    ['player-1', 7842, 6822, 6645],
    ['player-2', 7672, 9599, 4477],
    ['Ünïcødé-玩家', 7843, 7786, 1651],
    ['8b1c0d2e-5f3a-4b6c-9d7e-1f2a3b4c5d6e', 6214, 2582, 3006],
    ['', 4303, 8662, 1762],
  ])('player %j: audience %i, variant %i, layer %i', (userId, audience, variant, layer) => {
    expect(audienceBucket(userId, SALT)).toBe(audience);
    expect(variantBucket(userId, SALT)).toBe(variant);
    expect(layerBucket(userId, LAYER_SALT)).toBe(layer);
    // The live-ops hash of a prefixed salt: murmur3_x86_32("experiment-variant:" + salt + ":" + userId) mod 10000.
    expect(murmurHash3(utf8(`experiment-variant:${SALT}:${userId}`)) % 10_000).toBe(variant);
  });

  it('splits the variant buckets by cumulative weight', () => {
    expect(variantBounds([1, 1])).toEqual([5000, 10_000]);
    expect(variantBounds([1, 1, 2])).toEqual([2500, 5000, 10_000]);
    expect(variantBounds([1, 1, 1])).toEqual([3333, 6666, 10_000]);
    expect(variantBounds([0, 3, 0, 1])).toEqual([0, 7500, 7500, 10_000]);
  });

  it('assigns the vectors as the ADR says', () => {
    expect(assignVariant('player-1', allocation())).toBe('b');
    expect(assignVariant('8b1c0d2e-5f3a-4b6c-9d7e-1f2a3b4c5d6e', allocation())).toBe('control');
    const layered = allocation({
      variants: [
        { key: 'control', weight: 1 },
        { key: 'b', weight: 1 },
        { key: 'c', weight: 2 },
      ],
      audiencePercentage: 60,
      layer: { salt: LAYER_SALT, from: 0, to: 5000 },
    });
    expect(assignVariant('', layered)).toBe('c'); // layer 1762 in range, audience 4303 < 6000, variant 8662 ≥ 5000
    expect(assignVariant('player-1', layered)).toBeNull(); // layer 6645 outside 0–5000
  });
});

describe('assignment over 100,000 players', () => {
  it('is stable: the same player gets the same variant every time', () => {
    const plan = allocation();
    const first = ids.slice(0, 2000).map((id) => assignVariant(id, plan));
    expect(ids.slice(0, 2000).map((id) => assignVariant(id, structuredClone(plan)))).toEqual(first);
  });

  it('follows the weights within binomial bounds', () => {
    const weights = [50, 30, 15, 5];
    const plan = allocation({ variants: weights.map((weight, index) => ({ key: `v${index}`, weight })) });
    const counts = weights.map(() => 0);
    for (const id of ids) counts[Number(assignVariant(id, plan)!.slice(1))]! += 1;
    for (const [index, count] of counts.entries()) {
      const p = weights[index]! / 100;
      // Within 4 standard deviations of n·p (a 1-in-16,000 chance each to fail by luck).
      expect(Math.abs(count - ids.length * p)).toBeLessThan(4 * Math.sqrt(ids.length * p * (1 - p)));
    }
    expect(sampleRatioCheck(counts, weights).mismatch).toBe(false);
  });

  it('is independent between experiments, of rollouts and of its own audience bucket', () => {
    const other = allocation({ salt: '0123456789abcdef01234567', variants: ['x', 'y', 'z'].map((key) => ({ key, weight: 1 })) });
    const mine = allocation();
    const crossExperiments = [0, 1].map(() => [0, 0, 0]);
    const crossRollout = [0, 1].map(() => [0, 0]);
    const crossAudience = [0, 1].map(() => [0, 0]);
    for (const id of ids) {
      const row = assignVariant(id, mine) === 'control' ? 0 : 1;
      crossExperiments[row]![['x', 'y', 'z'].indexOf(assignVariant(id, other)!)]! += 1;
      // A 50% rollout whose salt is the experiment's own: the prefixes still keep them apart.
      crossRollout[row]![rolloutBucket(id, SALT) < 5000 ? 0 : 1]! += 1;
      crossAudience[row]![audienceBucket(id, SALT) < 5000 ? 0 : 1]! += 1;
    }
    for (const table of [crossExperiments, crossRollout, crossAudience]) expect(independence(table)).toBeGreaterThan(0.001);
  });

  it('keeps those already in, in the same variant, when the audience share rises (50,000 players)', () => {
    const players = ids.slice(0, 50_000);
    const at = (audiencePercentage: number) => new Map(players.map((id) => [id, assignVariant(id, allocation({ audiencePercentage }))]));
    const small = at(20);
    const large = at(50.5);
    let inSmall = 0;
    let movedOrDropped = 0;
    for (const [id, variant] of small) {
      if (variant === null) continue;
      inSmall += 1;
      if (large.get(id) !== variant) movedOrDropped += 1;
    }
    expect(movedOrDropped).toBe(0);
    const inLarge = [...large.values()].filter((variant) => variant !== null).length;
    expect(Math.abs(inSmall / players.length - 0.2)).toBeLessThan(0.008);
    expect(Math.abs(inLarge / players.length - 0.505)).toBeLessThan(0.008);
    expect(ids.slice(0, 1000).every((id) => assignVariant(id, allocation({ audiencePercentage: 0 })) === null)).toBe(true);
  });

  it('puts a player in at most one experiment of a layer, each in its share of the layer (50,000 players)', () => {
    const ranges = [
      { key: 'one', from: 0, to: 3000 },
      { key: 'two', from: 3000, to: 6000 },
      { key: 'three', from: 6000, to: 10_000 },
    ];
    const plans = ranges.map((range, index) =>
      allocation({ salt: `${index}`.repeat(24), layer: { salt: LAYER_SALT, from: range.from, to: range.to } }),
    );
    const counts = ranges.map(() => 0);
    let notInExactlyOne = 0;
    for (const id of ids.slice(0, 50_000)) {
      const memberships = plans.map((plan) => assignVariant(id, plan) !== null);
      if (memberships.filter(Boolean).length !== 1) notInExactlyOne += 1;
      counts[memberships.indexOf(true)]! += 1;
    }
    expect(notInExactlyOne).toBe(0);
    expect(sampleRatioCheck(counts, [30, 30, 40]).mismatch).toBe(false);
  });
});

describe('experimentAllocationSchema', () => {
  const valid = allocation();

  it('takes a control and up to seven others', () => {
    expect(experimentAllocationSchema.safeParse(valid).success).toBe(true);
    const eight = Array.from({ length: 8 }, (_, index) => ({ key: `v${index}`, weight: 1 }));
    expect(experimentAllocationSchema.safeParse({ ...valid, variants: eight }).success).toBe(true);
    expect(experimentAllocationSchema.safeParse({ ...valid, variants: [...eight, { key: 'v8', weight: 1 }] }).success).toBe(false);
    expect(experimentAllocationSchema.safeParse({ ...valid, variants: [{ key: 'control', weight: 1 }] }).success).toBe(false);
  });

  it.each([
    ['duplicate keys', { variants: [{ key: 'a', weight: 1 }, { key: 'a', weight: 1 }] }],
    ['all weights 0', { variants: [{ key: 'a', weight: 0 }, { key: 'b', weight: 0 }] }],
    ['a fractional weight', { variants: [{ key: 'a', weight: 0.5 }, { key: 'b', weight: 1 }] }],
    ['a key with spaces', { variants: [{ key: 'a b', weight: 1 }, { key: 'b', weight: 1 }] }],
    ['three decimals of audience', { audiencePercentage: 10.125 }],
    ['an audience above 100', { audiencePercentage: 100.01 }],
    ['a salt that is not 24 hex digits', { salt: 'ABC' }],
    ['an empty layer range', { layer: { salt: LAYER_SALT, from: 5000, to: 5000 } }],
    ['a layer range past 10,000', { layer: { salt: LAYER_SALT, from: 0, to: 10_001 } }],
  ])('refuses %s', (_name, change) => {
    expect(experimentAllocationSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

describe('overlappingLayerRanges', () => {
  it('names every pair of experiments whose ranges share buckets', () => {
    expect(overlappingLayerRanges([{ key: 'a', from: 0, to: 5000 }, { key: 'b', from: 5000, to: 10_000 }])).toEqual([]);
    expect(
      overlappingLayerRanges([
        { key: 'c', from: 4000, to: 6000 },
        { key: 'a', from: 0, to: 5000 },
        { key: 'b', from: 5000, to: 10_000 },
      ]),
    ).toEqual([
      ['a', 'c'],
      ['c', 'b'],
    ]);
  });
});
