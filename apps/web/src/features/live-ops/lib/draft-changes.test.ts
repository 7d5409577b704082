import { describe, expect, it } from 'vitest';

import { diffLines, draftChanges } from './draft-changes';

const key = (name: string, defaultValue: unknown, rules: { id: string; value: unknown }[] = []) => ({
  name,
  type: 'number' as const,
  defaultValue,
  description: '',
  rules: rules.map((rule) => ({ ...rule, conditions: [], rollout: null })),
});

describe('draftChanges', () => {
  it('marks new and changed keys and lists removed ones against the published version', () => {
    const published = { keys: [key('a', 1), key('b', 2), key('c', 3)], events: [] };
    const draft = { keys: [key('a', 1), key('b', 5), key('d', 4)], events: [] };
    const changes = draftChanges(draft, published);
    expect([...changes.keys]).toEqual([['b', 'changed'], ['d', 'new']]);
    expect(changes.removedKeys).toEqual(['c']);
  });

  it('counts everything as new before the first publish', () => {
    expect([...draftChanges({ keys: [key('a', 1)], events: [] }, null).keys]).toEqual([['a', 'new']]);
  });
});

describe('diffLines', () => {
  it('says what changed in words, rules by their position', () => {
    const before = { keys: [key('a', 1, [{ id: 'r1', value: 1 }, { id: 'r2', value: 2 }]), key('gone', 0)], events: [] };
    const after = {
      keys: [key('a', 3, [{ id: 'r2', value: 2 }, { id: 'r1', value: 1 }, { id: 'r3', value: 9 }]), key('new', 7)],
      events: [{ id: 'e', name: 'Halloween', startsAt: '2026-10-30T00:00:00Z', endsAt: '2026-11-02T00:00:00Z', conditions: [], overrides: [{ key: 'a', value: 2 }] }],
    };
    const changes = draftChanges(after, before);
    expect(changes.removedKeys).toEqual(['gone']);
    // The shared diff's shape, as the server answers it.
    const diff = {
      keys: [
        { name: 'a', change: 'changed' as const, before: before.keys[0]!, after: after.keys[0]!, fields: ['defaultValue' as const], rules: [
          { id: 'r1', change: 'moved' as const, before: { index: 0, rule: before.keys[0]!.rules[0]! }, after: { index: 1, rule: after.keys[0]!.rules[1]! } },
          { id: 'r3', change: 'added' as const, after: { index: 2, rule: after.keys[0]!.rules[2]! } },
        ] },
        { name: 'gone', change: 'removed' as const, before: before.keys[1]! },
        { name: 'new', change: 'added' as const, after: after.keys[1]! },
      ],
      events: [{ id: 'e', name: 'Halloween', change: 'added' as const, after: after.events[0]! }],
    };
    expect(diffLines(diff)).toEqual([
      'Key a: default value 1 → 3, rule 1 moved to 2, rule 3 added',
      'Key gone removed',
      'Key new added (default 7)',
      'Live event "Halloween" added',
    ]);
  });
});
