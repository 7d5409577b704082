import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENTS_MAX,
  LIVE_KEYS_MAX,
  type LiveConfigSnapshot,
  type LiveEvent,
  type LiveKey,
} from '@questboard/shared/live-config';
import { checkSnapshotSize, deleteKey, putEvent, putKey, rulesFrom } from './live-draft-edits';

const key = (name: string): LiveKey => ({ name, type: 'number', defaultValue: 1, description: '', rules: [] });
const event = (id: string, name: string, keys: string[]): LiveEvent => ({
  id,
  name,
  startsAt: '2026-10-30T00:00:00Z',
  endsAt: '2026-11-02T00:00:00Z',
  conditions: [],
  overrides: keys.map((overridden) => ({ key: overridden, value: 2 })),
});
const config = (keys: LiveKey[], events: LiveEvent[] = []): LiveConfigSnapshot => ({ keys, events });
const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return `${(error as { statusCode: number }).statusCode} ${(error as Error).message}`;
  }
  return 'no error';
};

describe('rulesFrom', () => {
  it('keeps the salt of a rule sent with its id, and makes a new id and salt otherwise', () => {
    const [first] = rulesFrom([{ conditions: [], rollout: { percentage: 10 }, value: 1 }], []);
    expect(first?.rollout?.salt).toMatch(/^[0-9a-f]{24}$/);
    const again = rulesFrom(
      [
        { id: first!.id, conditions: [], rollout: { percentage: 20 }, value: 1 },
        { id: 'unknown', conditions: [], rollout: { percentage: 20 }, value: 1 },
        { id: first!.id, conditions: [], rollout: { percentage: 30 }, value: 1 },
      ],
      [first!],
    );
    expect(again[0]).toEqual({ ...first, rollout: { percentage: 20, salt: first!.rollout!.salt } });
    // An id the draft does not hold, or one sent twice, is a new rule.
    for (const made of again.slice(1)) {
      expect(made.id).not.toBe(first!.id);
      expect(made.id).not.toBe('unknown');
      expect(made.rollout?.salt).not.toBe(first!.rollout!.salt);
    }
  });
});

describe('draft edits', () => {
  it('adds and replaces keys, refusing a second key of a name, an unknown one, and one past the limit', () => {
    const one = putKey(config([]), key('lives'), 'create');
    expect(putKey(one, { ...key('lives'), defaultValue: 5 }, 'update').keys).toEqual([
      { ...key('lives'), defaultValue: 5 },
    ]);
    expect(messageOf(() => putKey(one, key('lives'), 'create'))).toBe('409 A key named "lives" already exists.');
    expect(messageOf(() => putKey(one, key('coins'), 'update'))).toBe('404 No key named "coins" in the draft.');
    const full = config(Array.from({ length: LIVE_KEYS_MAX }, (_, index) => key(`k${index}`)));
    expect(messageOf(() => putKey(full, key('more'), 'create'))).toBe(
      `409 A project has at most ${LIVE_KEYS_MAX} keys. Delete one first.`,
    );
  });

  it('names the draft and published events overriding a key, and removes the overrides once confirmed', () => {
    const draft = config([key('lives'), key('coins')], [event('e1', 'Halloween', ['lives', 'coins'])]);
    const published = config([key('lives')], [event('e0', 'Summer', ['lives'])]);
    expect(messageOf(() => deleteKey(draft, 'lives', published, false))).toBe(
      '409 "lives" is overridden by the live events "Halloween", "Summer". Delete it with confirm=true to remove those overrides from the draft too.',
    );
    const after = deleteKey(draft, 'lives', published, true);
    expect(after.keys.map((item) => item.name)).toEqual(['coins']);
    expect(after.events[0]?.overrides).toEqual([{ key: 'coins', value: 2 }]);
    expect(deleteKey(config([key('free')]), 'free', undefined, false)).toEqual(config([]));
    expect(messageOf(() => deleteKey(draft, 'gems', undefined, true))).toBe('404 No key named "gems" in the draft.');
  });

  it('adds and replaces live events by id, up to the limit', () => {
    const one = putEvent(config([key('lives')]), event('e1', 'Halloween', ['lives']), 'create');
    expect(putEvent(one, event('e1', 'Halloween 2026', ['lives']), 'update').events.map((item) => item.name)).toEqual([
      'Halloween 2026',
    ]);
    expect(messageOf(() => putEvent(one, event('e2', 'Other', ['lives']), 'update'))).toBe(
      '404 This live event is not in the draft.',
    );
    const full = config(
      [],
      Array.from({ length: LIVE_EVENTS_MAX }, (_, index) => event(`e${index}`, 'E', ['lives'])),
    );
    expect(messageOf(() => putEvent(full, event('more', 'More', ['lives']), 'create'))).toBe(
      `409 A project has at most ${LIVE_EVENTS_MAX} live events. Delete an ended one first.`,
    );
  });

  it('refuses a config of more than 2 MB, saying how large it would be', () => {
    const big = config(
      Array.from({ length: 140 }, (_, index) => ({
        ...key(`k${index}`),
        type: 'json' as const,
        defaultValue: 'x'.repeat(16_000),
      })),
    );
    expect(messageOf(() => checkSnapshotSize(big))).toBe(
      '409 The whole config would be 2.1 MB; it can be at most 2 MB.',
    );
    expect(messageOf(() => checkSnapshotSize(config([key('small')])))).toBe('no error');
  });
});
