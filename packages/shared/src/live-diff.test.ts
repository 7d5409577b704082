import { describe, expect, it } from 'vitest';
import type { LiveConfigSnapshot, LiveEvent, LiveKey, LiveRule } from './live-config';
import { canonicalJson, diffLiveConfig } from './live-diff';

const rule = (id: string, value: unknown, percentage: number | null = null): LiveRule => ({
  id,
  conditions: [],
  rollout: percentage === null ? null : { percentage, salt: `salt-${id}` },
  value,
});
const key = (name: string, defaultValue: unknown, rules: LiveRule[] = [], extra: Partial<LiveKey> = {}): LiveKey => ({
  name,
  type: 'number',
  defaultValue,
  description: '',
  rules,
  ...extra,
});
const event = (id: string, name: string, value: unknown): LiveEvent => ({
  id,
  name,
  startsAt: '2026-10-30T00:00:00.000Z',
  endsAt: '2026-11-02T00:00:00.000Z',
  conditions: [],
  overrides: [{ key: 'discount', value }],
});
const config = (keys: LiveKey[], events: LiveEvent[] = []): LiveConfigSnapshot => ({ keys, events });

describe('diffLiveConfig', () => {
  it('finds nothing between equal configs, whatever the order of JSON object keys', () => {
    const a = config([key('shop', { a: 1, b: [1, 2] }, [rule('r1', 2)])], [event('e1', 'Halloween', 0.3)]);
    const b = config([key('shop', { b: [1, 2], a: 1 }, [rule('r1', 2)])], [event('e1', 'Halloween', 0.3)]);
    expect(diffLiveConfig(a, b)).toEqual({ keys: [], events: [] });
  });

  it('lists added, removed and changed keys with the fields that changed', () => {
    const before = config([key('gone', 1), key('lives', 3), key('same', 5)]);
    const after = config([
      key('lives', 4, [], { description: 'Lives at start' }),
      key('same', 5),
      key('new', true, [], { type: 'boolean' }),
    ]);
    const diff = diffLiveConfig(before, after);
    expect(diff.keys.map((change) => [change.name, change.change])).toEqual([
      ['gone', 'removed'],
      ['lives', 'changed'],
      ['new', 'added'],
    ]);
    expect(diff.keys[1]).toMatchObject({ fields: ['defaultValue', 'description'], rules: [] });
  });

  it('follows rules by id: added, removed, changed and moved, with their positions', () => {
    const before = config([key('k', 0, [rule('a', 1), rule('b', 2, 10), rule('c', 3)])]);
    const after = config([key('k', 0, [rule('c', 3), rule('b', 2, 20), rule('d', 4)])]);
    const [change] = diffLiveConfig(before, after).keys;
    expect(change?.change === 'changed' && change.rules).toEqual([
      { id: 'a', change: 'removed', before: { index: 0, rule: rule('a', 1) } },
      {
        id: 'b',
        change: 'changed',
        before: { index: 1, rule: rule('b', 2, 10) },
        after: { index: 1, rule: rule('b', 2, 20) },
      },
      { id: 'c', change: 'moved', before: { index: 2, rule: rule('c', 3) }, after: { index: 0, rule: rule('c', 3) } },
      { id: 'd', change: 'added', after: { index: 2, rule: rule('d', 4) } },
    ]);
    expect(change?.change === 'changed' && change.fields).toEqual([]);
  });

  it('lists live events by id, a renamed one as changed under its new name', () => {
    const before = config([], [event('e1', 'Halloween', 0.3), event('e2', 'Old', 0.1)]);
    const after = config([], [event('e1', 'Halloween 2026', 0.5), event('e3', 'Winter', 0.2)]);
    const diff = diffLiveConfig(before, after);
    expect(diff.events.map((change) => [change.id, change.name, change.change])).toEqual([
      ['e1', 'Halloween 2026', 'changed'],
      ['e2', 'Old', 'removed'],
      ['e3', 'Winter', 'added'],
    ]);
    expect(diff.events[0]).toMatchObject({ fields: ['name', 'overrides'] });
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });
});
