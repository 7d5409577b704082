import { describe, expect, it } from 'vitest';
import type { LiveConfigSnapshot, PlayerContext } from './live-config';
import { evaluateLiveAnswer, type LiveExperiment } from './live-experiments';
import { assignVariant } from './experiments-assignment';

// ADR 029's precedence, one worked case per row: a running experiment's override > a live event's >
// a rule's > the default; targeting first; overrides of a missing key or of a refused value ignored.

const at = Date.parse('2026-10-31T12:00:00Z');
const snapshot: LiveConfigSnapshot = {
  keys: [
    {
      name: 'lives',
      type: 'number',
      defaultValue: 3,
      description: '',
      rules: [{ id: 'de', conditions: [{ kind: 'country', values: ['DE'] }], rollout: null, value: 4 }],
    },
    { name: 'title', type: 'string', defaultValue: 'Quest', description: '', rules: [] },
  ],
  events: [
    {
      id: 'halloween',
      name: 'Halloween',
      startsAt: '2026-10-30T00:00:00Z',
      endsAt: '2026-11-02T00:00:00Z',
      conditions: [{ kind: 'platform', values: ['ios'] }],
      overrides: [{ key: 'lives', value: 5 }],
    },
  ],
};

/** Everyone in `variant` (its weight alone above 0), with the given overrides. */
const experiment = (variant: 'control' | 'b', overrides: { key: string; value: unknown }[], extra: Partial<LiveExperiment> = {}): LiveExperiment => ({
  key: 'lives-test',
  salt: '9f86d081884c7d659a2feaa0',
  variants: [
    { key: 'control', weight: variant === 'control' ? 1 : 0, overrides: [] },
    { key: 'b', weight: variant === 'b' ? 1 : 0, overrides },
  ],
  audiencePercentage: 100,
  targeting: [],
  layer: null,
  ...extra,
});

const cases: { name: string; player: PlayerContext; experiments: LiveExperiment[]; values: Record<string, unknown>; variants: string[] }[] = [
  { name: 'no experiment: the rule', player: { userId: 'p', country: 'DE' }, experiments: [], values: { lives: 4, title: 'Quest' }, variants: [] },
  { name: 'the variant over a rule', player: { userId: 'p', country: 'DE' }, experiments: [experiment('b', [{ key: 'lives', value: 9 }])], values: { lives: 9, title: 'Quest' }, variants: ['b'] },
  { name: 'the variant over a live event', player: { userId: 'p', platform: 'ios' }, experiments: [experiment('b', [{ key: 'lives', value: 9 }])], values: { lives: 9, title: 'Quest' }, variants: ['b'] },
  { name: 'the control keeps the live event', player: { userId: 'p', platform: 'ios' }, experiments: [experiment('control', [{ key: 'lives', value: 9 }])], values: { lives: 5, title: 'Quest' }, variants: ['control'] },
  {
    name: 'targeting keeps a player out',
    player: { userId: 'p', country: 'FR' },
    experiments: [experiment('b', [{ key: 'lives', value: 9 }], { targeting: [{ kind: 'country', values: ['DE'] }] })],
    values: { lives: 3, title: 'Quest' },
    variants: [],
  },
  {
    name: 'an override of a missing key, or of a value the type refuses, is ignored',
    player: { userId: 'p' },
    experiments: [experiment('b', [{ key: 'gone', value: 1 }, { key: 'lives', value: 'many' }, { key: 'title', value: 'Quest II' }])],
    values: { lives: 3, title: 'Quest II' },
    variants: ['b'],
  },
];

describe('evaluateLiveAnswer', () => {
  it.each(cases)('$name', ({ player, experiments, values, variants }) => {
    const answer = evaluateLiveAnswer(snapshot, experiments, player, at);
    expect(answer.values).toEqual(values);
    expect(answer.experiments.map((entry) => entry.variant)).toEqual(variants);
  });

  it('lists the keys the experiment controls to every player in it, the control included', () => {
    const both = [experiment('control', [{ key: 'lives', value: 9 }, { key: 'gone', value: 1 }, { key: 'title', value: 'II' }])];
    expect(evaluateLiveAnswer(snapshot, both, { userId: 'p' }, at).experiments).toEqual([{ key: 'lives-test', variant: 'control', keys: ['lives', 'title'] }]);
  });

  it('assigns as assignVariant does, and takes nobody outside the layer range', () => {
    const split: LiveExperiment = {
      ...experiment('b', [{ key: 'lives', value: 9 }]),
      variants: [
        { key: 'control', weight: 1, overrides: [] },
        { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 9 }] },
      ],
      layer: { salt: 'a1b2c3d4e5f6a7b8c9d0e1f2', from: 0, to: 5000 },
    };
    const allocation = { salt: split.salt, variants: split.variants.map(({ key, weight }) => ({ key, weight })), audiencePercentage: 100, layer: split.layer };
    let inside = 0;
    for (let index = 0; index < 2000; index += 1) {
      const userId = `player-${index}`;
      const answer = evaluateLiveAnswer(snapshot, [split], { userId }, at);
      const expected = assignVariant(userId, allocation);
      expect(answer.experiments[0]?.variant ?? null).toBe(expected);
      expect(answer.values.lives).toBe(expected === 'b' ? 9 : 3);
      if (expected !== null) inside += 1;
    }
    // Half the layer's buckets: about half the players.
    expect(inside).toBeGreaterThan(900);
    expect(inside).toBeLessThan(1100);
  });
});
