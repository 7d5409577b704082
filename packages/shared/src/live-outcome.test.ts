import { describe, expect, it } from 'vitest';
import { liveCases } from './live-cases';
import type { LiveCondition } from './live-condition';
import type { LiveConfigSnapshot, LiveEvent, LiveKey, PlayerContext } from './live-config';
import { evaluateLiveConfig } from './live-evaluate';
import { evaluateLiveAnswer, type LiveExperiment } from './live-experiments';
import { compileLiveOutcomes, liveOutcome, outcomeExperimentsJson, outcomeValuesJson, type LiveOutcomePlan } from './live-outcome';

// The delivery's compiled form (ADR 021) must answer exactly what the plain evaluation answers
// (docs/product/live-ops.md#evaluation), byte for byte, and tell two players apart exactly when
// their answers differ: the server caches answers and derives ETags from outcomes.

/** What the delivery would send as the values, through the compiled plan. */
const delivered = (plan: LiveOutcomePlan, player: PlayerContext, now: number) => outcomeValuesJson(plan, liveOutcome(plan, player, now));

describe('the shared table of cases', () => {
  describe.each(liveCases)('$name', ({ snapshot, at, players }) => {
    const plan = compileLiveOutcomes(snapshot);
    it.each(players)('$player.userId', ({ player, values }) => {
      expect(delivered(plan, player, Date.parse(at))).toBe(JSON.stringify(values));
    });
  });
});

/** mulberry32: the same configurations and players on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!;
  const some = <T,>(items: readonly T[], most: number): T[] => Array.from({ length: int(most + 1) }, () => pick(items));
  return { next, int, pick, some };
}

const base = Date.parse('2026-10-30T00:00:00Z');
const hour = 3_600_000;
// Integer-like names go first in a JavaScript object whatever their place: the plan must write them there too.
const names = ['shop.discount', 'a', 'b-c', '7', '10', '01', '4294967294', '4294967295', 'x_y', '__proto__'];
// Few distinct values, some equal as JSON but not as objects, so keys often have equal values from different rules.
const values: unknown[] = [0, 1, 0.5, -0, 2.5e-7, '', 'x', 'é"\\\u2028', true, false, null, { a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, [], [{}]];
const conditionPool: LiveCondition[] = [
  { kind: 'platform', values: ['ios'] },
  { kind: 'platform', values: ['android', 'web'] },
  { kind: 'country', values: ['DE', 'AT'] },
  { kind: 'country', values: ['FR'] },
  { kind: 'app_version', range: '>=2.0.0 <3.0.0 || 1.2.0 - 1.3.x' },
  { kind: 'app_version', range: '^1.4' },
  { kind: 'app_version', range: '>=2.0.0-0' },
  { kind: 'property', name: 'level', operator: 'gte', value: 50 },
  { kind: 'property', name: 'level', operator: 'lt', value: 10 },
  { kind: 'property', name: 'tier', operator: 'in', value: ['gold', 'platinum'] },
  { kind: 'property', name: 'tier', operator: 'ne', value: 'gold' },
  { kind: 'property', name: 'vip', operator: 'eq', value: true },
  { kind: 'property', name: 'name', operator: 'contains', value: 'An' },
  { kind: 'install_date', from: '2026-01-01', to: '2026-06-30' },
  { kind: 'install_date', from: null, to: '2025-12-31' },
];
// `salt:` of every length modulo 4, and two rules sharing a salt (a copied rule).
const salts = ['a1b2c3', 'x', 'ab', 'abc', 'discount-rollout', '9f86d081884c7d659a2feaa0', 'ü'];
const percentages = [0, 0.01, 10, 33.33, 50, 99.99, 100];

function randomConfig(seed: number): LiveConfigSnapshot {
  const r = random(seed);
  // Fresh copies: equal conditions must be shared by content, not by object.
  const conditions = () => r.some(conditionPool, 3).map((condition) => structuredClone(condition));
  const keys: LiveKey[] = Array.from({ length: 1 + r.int(12) }, (_, index) => ({
    // Now and then a name twice: the values object keeps its first place and its last key's value.
    name: r.next() < 0.9 ? `${r.pick(names)}${r.next() < 0.5 ? '' : `.${index}`}` : r.pick(names),
    type: 'json',
    defaultValue: structuredClone(r.pick(values)),
    description: '',
    rules: Array.from({ length: r.int(7) }, (_, rule) => ({
      id: `r${rule}`,
      conditions: conditions(),
      rollout: r.next() < 0.5 ? null : { percentage: r.pick(percentages), salt: r.pick(salts) },
      value: structuredClone(r.pick(values)),
    })),
  }));
  const events: LiveEvent[] = Array.from({ length: r.int(5) }, (_, index) => {
    const start = base + (r.int(6) - 3) * hour;
    return {
      id: `e${r.int(3)}-${index}`,
      name: `Event ${index}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + (1 + r.int(4)) * hour).toISOString(),
      conditions: conditions(),
      // Keys that exist and one that does not; now and then one key twice (the first override counts).
      overrides: Array.from({ length: 1 + r.int(3) }, () => ({
        key: r.next() < 0.8 ? r.pick(keys).name : 'missing.key',
        value: structuredClone(r.pick(values)),
      })),
    };
  });
  return { keys, events };
}

function randomPlayer(r: ReturnType<typeof random>, index: number): PlayerContext {
  const properties: Record<string, string | number | boolean | null> = {};
  if (r.next() < 0.7) properties.level = r.int(100);
  if (r.next() < 0.5) properties.tier = r.pick(['gold', 'silver', 'platinum']);
  if (r.next() < 0.5) properties.vip = r.next() < 0.5;
  if (r.next() < 0.3) properties.name = r.pick(['Ana', 'Bob', 'an']);
  if (r.next() < 0.5) properties.install_date = r.pick(['2025-11-03', '2026-03-07', '2026-03-07T23:30:00.5-00:30', 'soon', null]);
  return {
    userId: r.pick(['', 'player-1', 'Ünïcødé-玩家', '\uD83C', `p-${index}`, `player-${r.int(1e9)}`, '🎮'.repeat(7)]),
    ...(r.next() < 0.8 ? { platform: r.pick(['ios', 'iOS ', 'android', 'web', 'switch']) } : {}),
    ...(r.next() < 0.8 ? { country: r.pick(['de', 'FR', 'AT', 'us']) } : {}),
    ...(r.next() < 0.8 ? { appVersion: r.pick(['1.4', 'v1.4.2', '2.1.0-beta.3', '1.2.7', '3.0.0', 'nightly']) } : {}),
    ...(r.next() < 0.9 ? { properties } : {}),
  };
}

describe('the compiled plan against the plain evaluation, over seeded random configurations', () => {
  it.each(Array.from({ length: 40 }, (_, index) => 1000 + index))('configuration %i', (seed) => {
    const snapshot = randomConfig(seed);
    const plan = compileLiveOutcomes(snapshot);
    const r = random(seed * 7919);
    // Around and on the events' boundaries: starts inclusive, ends exclusive.
    const moments = [base - 3 * hour, base - hour, base - 1, base, base + 1, base + hour - 1, base + hour, base + 2 * hour, base + 4 * hour];
    for (const now of moments) {
      const bodyOf = new Map<string, string>();
      const outcomeOf = new Map<string, string>();
      for (let index = 0; index < 60; index += 1) {
        const player = randomPlayer(r, index);
        const outcome = liveOutcome(plan, player, now);
        const body = outcomeValuesJson(plan, outcome);
        expect(body, JSON.stringify({ seed, now, player })).toBe(JSON.stringify(evaluateLiveConfig(snapshot, player, now)));
        // One answer per outcome and one outcome per answer: what lets the server key its cache and ETags on outcomes.
        expect(bodyOf.get(outcome) ?? body).toBe(body);
        expect(outcomeOf.get(body) ?? outcome).toBe(outcome);
        bodyOf.set(outcome, body);
        outcomeOf.set(body, outcome);
      }
    }
  });
});

// Running experiments (ADR 029) on the same random configurations: overrides of keys that exist and
// of one that does not, values some keys' types refuse, targeting, audiences, layers and weights of
// 0, so the compiled plan must give exactly the plain evaluation's values *and* experiments.
const experimentSalts = ['9f86d081884c7d659a2feaa0', 'a1b2c3d4e5f6a7b8c9d0e1f2', '000000000000000000000000'];

function randomExperiments(seed: number, snapshot: LiveConfigSnapshot): LiveExperiment[] {
  const r = random(seed);
  const layerSalt = r.pick(experimentSalts);
  return Array.from({ length: 1 + r.int(4) }, (_, index) => {
    const inLayer = r.next() < 0.4;
    const from = index * 2500;
    return {
      key: `exp-${r.int(100)}-${index}`,
      salt: r.pick(experimentSalts),
      variants: Array.from({ length: 2 + r.int(3) }, (_, variant) => ({
        key: variant === 0 ? 'control' : `v${variant}`,
        weight: r.pick([0, 1, 1, 3, 50]),
        overrides:
          variant === 0 && r.next() < 0.7
            ? []
            : Array.from({ length: 1 + r.int(3) }, () => ({
                key: r.next() < 0.85 && snapshot.keys.length > 0 ? r.pick(snapshot.keys).name : 'missing.key',
                value: structuredClone(r.pick(values)),
              })),
      })),
      audiencePercentage: inLayer ? 100 : r.pick([0.01, 10, 50, 99.99, 100]),
      targeting: r.some(conditionPool, 2).map((condition) => structuredClone(condition)),
      layer: inLayer ? { salt: layerSalt, from, to: from + 1 + r.int(2500) } : null,
    };
  }).map((experiment) => ({
    ...experiment,
    // At least one weight above 0, as the schema requires.
    variants: experiment.variants.map((variant, position) => (position === 1 && experiment.variants.every((v) => v.weight === 0) ? { ...variant, weight: 1 } : variant)),
  }));
}

/** Some keys typed: an experiment's override of a value the type refuses must be ignored in both forms. */
function typed(snapshot: LiveConfigSnapshot, seed: number): LiveConfigSnapshot {
  const r = random(seed);
  return {
    ...snapshot,
    keys: snapshot.keys.map((key) => {
      if (r.next() < 0.6) return key;
      const type = typeof key.defaultValue === 'number' ? 'number' : typeof key.defaultValue === 'boolean' ? 'boolean' : typeof key.defaultValue === 'string' ? 'string' : 'json';
      return { ...key, type };
    }),
  };
}

describe('the compiled plan with running experiments against the plain evaluation, over seeded random cases', () => {
  it.each(Array.from({ length: 40 }, (_, index) => 2000 + index))('configuration %i', (seed) => {
    const snapshot = typed(randomConfig(seed), seed * 13);
    const experiments = randomExperiments(seed * 31, snapshot);
    const plan = compileLiveOutcomes(snapshot, experiments);
    const r = random(seed * 7919);
    let entered = 0;
    for (const now of [base - hour, base, base + hour, base + 4 * hour]) {
      const bodyOf = new Map<string, string>();
      const outcomeOf = new Map<string, string>();
      for (let index = 0; index < 120; index += 1) {
        const player = randomPlayer(r, index);
        const outcome = liveOutcome(plan, player, now);
        const body = `{"values":${outcomeValuesJson(plan, outcome)},"experiments":${outcomeExperimentsJson(plan, outcome)}}`;
        const plain = evaluateLiveAnswer(snapshot, experiments, player, now);
        expect(body, JSON.stringify({ seed, now, player })).toBe(JSON.stringify(plain));
        entered += plain.experiments.length;
        expect(bodyOf.get(outcome) ?? body).toBe(body);
        expect(outcomeOf.get(body) ?? outcome).toBe(outcome);
        bodyOf.set(outcome, body);
        outcomeOf.set(body, outcome);
      }
    }
    // The cases must put players in experiments, or they would test nothing.
    if (seed === 2000) expect(entered).toBeGreaterThan(0);
  });

  it('puts players in experiments across the seeds, in more than one variant', () => {
    const variants = new Set<string>();
    for (let seed = 2000; seed < 2040; seed += 1) {
      const snapshot = randomConfig(seed);
      const experiments = randomExperiments(seed * 31, snapshot);
      for (let index = 0; index < 200; index += 1)
        for (const answer of evaluateLiveAnswer(snapshot, experiments, { userId: `p-${index}` }, base).experiments) variants.add(answer.variant);
    }
    expect([...variants].sort()).toEqual(['control', 'v1', 'v2', 'v3']);
  });

  it('leaves the table of a plan without experiments as it was, so ETags stay', () => {
    const snapshot = randomConfig(1000);
    expect(compileLiveOutcomes(snapshot, []).table).toBe(compileLiveOutcomes(snapshot).table);
    expect(compileLiveOutcomes(snapshot, randomExperiments(5, snapshot)).table).not.toBe(compileLiveOutcomes(snapshot).table);
  });
});

describe('compileLiveOutcomes', () => {
  const key = (name: string, defaultValue: unknown, rules: LiveKey['rules'] = []): LiveKey => ({ name, type: 'json', defaultValue, description: '', rules });

  it('writes integer-like names first, as JSON.stringify does with the values object', () => {
    const snapshot = { keys: [key('b', 1), key('10', 2), key('a', 3), key('2', 4), key('01', 5)], events: [] };
    const expected = '{"2":4,"10":2,"b":1,"a":3,"01":5}';
    expect(JSON.stringify(evaluateLiveConfig(snapshot, { userId: 'p' }, base))).toBe(expected);
    expect(delivered(compileLiveOutcomes(snapshot), { userId: 'p' }, base)).toBe(expected);
  });

  it('gives equal values one code whichever rule gives them, and different values different codes', () => {
    const plan = compileLiveOutcomes({
      keys: [
        key('k', 0, [
          { id: 'ios', conditions: [{ kind: 'platform', values: ['ios'] }], rollout: null, value: 1 },
          { id: 'de', conditions: [{ kind: 'country', values: ['DE'] }], rollout: null, value: 0 },
        ]),
      ],
      events: [],
    });
    const outcome = (player: PlayerContext) => liveOutcome(plan, player, base);
    expect(outcome({ userId: 'p', country: 'DE' })).toBe(outcome({ userId: 'p' }));
    expect(outcome({ userId: 'p', platform: 'ios' })).not.toBe(outcome({ userId: 'p' }));
    expect(plan.table).toBe('"k":0\u0001"k":1');
  });

  it('starts its stamps again after 2³² requests without mixing up two players', () => {
    const snapshot: LiveConfigSnapshot = {
      keys: [key('k', 'default', [{ id: 'ios', conditions: [{ kind: 'platform', values: ['ios'] }], rollout: { percentage: 50, salt: 'a1b2c3' }, value: 'ios' }])],
      events: [],
    };
    const plan = compileLiveOutcomes(snapshot);
    // player-1's bucket is 8429: out of 50%; player-2's is 5983: out too; '' with salt a1b2c3 is compared below.
    const players: PlayerContext[] = [{ userId: 'player-1', platform: 'ios' }, { userId: 'p-3', platform: 'ios' }, { userId: 'p-3', platform: 'web' }];
    plan.stamp = 0xffff_fffe;
    for (let round = 0; round < 3; round += 1) {
      for (const player of players) expect(delivered(plan, player, base)).toBe(JSON.stringify(evaluateLiveConfig(snapshot, player, base)));
    }
    expect(plan.stamp).toBeLessThan(20);
  });
});
