import { describe, expect, it } from 'vitest';
import { liveCaseSnapshot, liveCases } from './live-cases';
import type { LiveCondition } from './live-condition';
import { liveConfigSnapshotSchema, validateLiveConfig } from './live-config';
import type { LiveConfigSnapshot, PlayerContext } from './live-config';
import { compileLiveConfig, evaluateCompiledLiveConfig, evaluateLiveConfig } from './live-evaluate';

const noon = Date.parse('2026-06-01T12:00:00Z');

/** One boolean key whose only rule has the given conditions: what it answers says whether they match. */
function matches(conditions: LiveCondition[], player: PlayerContext): boolean {
  const snapshot: LiveConfigSnapshot = {
    keys: [{ name: 'flag', type: 'boolean', defaultValue: false, description: '', rules: [{ id: 'r', conditions, rollout: null, value: true }] }],
    events: [],
  };
  return evaluateLiveConfig(snapshot, player, noon).flag === true;
}

describe('the shared table of cases', () => {
  it('is a valid configuration, already in the form the schema gives back', () => {
    expect(liveConfigSnapshotSchema.parse(liveCaseSnapshot)).toEqual(liveCaseSnapshot);
    expect(validateLiveConfig(liveCaseSnapshot)).toEqual([]);
  });

  describe.each(liveCases)('$name', ({ snapshot, at, players }) => {
    const compiled = compileLiveConfig(snapshot);
    it.each(players)('$player.userId', ({ player, values }) => {
      expect(evaluateCompiledLiveConfig(compiled, player, Date.parse(at))).toEqual(values);
      expect(evaluateLiveConfig(snapshot, player, Date.parse(at))).toEqual(values);
    });
  });
});

describe('matchers', () => {
  const player: PlayerContext = {
    userId: 'p',
    platform: 'Android',
    country: 'fr',
    appVersion: '1.4',
    properties: { level: 7, tier: 'gold', vip: false, name: 'Ana', install_date: '2026-02-01', nothing: null },
  };

  it.each<[string, LiveCondition, boolean]>([
    ['platform, any case', { kind: 'platform', values: ['ios', 'android'] }, true],
    ['another platform', { kind: 'platform', values: ['ios'] }, false],
    ['country, any case', { kind: 'country', values: ['FR'] }, true],
    ['another country', { kind: 'country', values: ['DE'] }, false],
    ['a two-part version read as 1.4.0', { kind: 'app_version', range: '>=1.4.0' }, true],
    ['a version below the range', { kind: 'app_version', range: '>=1.4.1' }, false],
    ['eq a number', { kind: 'property', name: 'level', operator: 'eq', value: 7 }, true],
    ['eq is strict about types', { kind: 'property', name: 'level', operator: 'eq', value: '7' }, false],
    ['eq false', { kind: 'property', name: 'vip', operator: 'eq', value: false }, true],
    ['ne another text', { kind: 'property', name: 'tier', operator: 'ne', value: 'silver' }, true],
    ['ne the same text', { kind: 'property', name: 'tier', operator: 'ne', value: 'gold' }, false],
    ['gt', { kind: 'property', name: 'level', operator: 'gt', value: 6 }, true],
    ['gt the same number', { kind: 'property', name: 'level', operator: 'gt', value: 7 }, false],
    ['gte', { kind: 'property', name: 'level', operator: 'gte', value: 7 }, true],
    ['lt', { kind: 'property', name: 'level', operator: 'lt', value: 8 }, true],
    ['lt the same number', { kind: 'property', name: 'level', operator: 'lt', value: 7 }, false],
    ['lte', { kind: 'property', name: 'level', operator: 'lte', value: 7 }, true],
    ['gt on text never matches', { kind: 'property', name: 'tier', operator: 'gt', value: 1 }, false],
    ['in', { kind: 'property', name: 'tier', operator: 'in', value: ['gold', 'platinum'] }, true],
    ['in without it', { kind: 'property', name: 'tier', operator: 'in', value: ['silver'] }, false],
    ['contains', { kind: 'property', name: 'name', operator: 'contains', value: 'An' }, true],
    ['contains is case-sensitive', { kind: 'property', name: 'name', operator: 'contains', value: 'an' }, false],
    ['a property not sent, even with ne', { kind: 'property', name: 'guild', operator: 'ne', value: 'x' }, false],
    ['a null property, even with ne', { kind: 'property', name: 'nothing', operator: 'ne', value: 'x' }, false],
    ['an install date in the window', { kind: 'install_date', from: '2026-02-01', to: '2026-02-01' }, true],
    ['an install date before from', { kind: 'install_date', from: '2026-02-02', to: null }, false],
    ['an install date after to', { kind: 'install_date', from: null, to: '2026-01-31' }, false],
  ])('%s → %s', (_, condition, expected) => {
    expect(matches([condition], player)).toBe(expected);
  });

  it('never matches what the player did not send', () => {
    const bare: PlayerContext = { userId: 'p' };
    const conditions: LiveCondition[] = [
      { kind: 'platform', values: ['ios'] },
      { kind: 'country', values: ['DE'] },
      { kind: 'app_version', range: '*' },
      { kind: 'install_date', from: null, to: '2999-01-01' },
    ];
    for (const condition of conditions) expect([condition.kind, matches([condition], bare)]).toEqual([condition.kind, false]);
    // Only YYYY-MM-DD or an ISO date-time with a zone: other text reads differently from one runtime to the next.
    for (const installDate of ['soon', 'March 7, 2026', '2026', '2026-02-30', '2026-03-07T10:00:00', 12]) {
      expect([installDate, matches([{ kind: 'install_date', from: '2026-01-01', to: null }], { userId: 'p', properties: { install_date: installDate } })]).toEqual([installDate, false]);
    }
    expect(matches([{ kind: 'install_date', from: '2026-03-07', to: '2026-03-07' }], { userId: 'p', properties: { install_date: '2026-03-07T23:30:00.5-00:30' } })).toBe(false);
    expect(matches([{ kind: 'install_date', from: '2026-03-08', to: '2026-03-08' }], { userId: 'p', properties: { install_date: '2026-03-07T23:30:00.5-00:30' } })).toBe(true);
  });

  it('needs every condition of a rule, and none matches everyone', () => {
    expect(matches([{ kind: 'platform', values: ['android'] }, { kind: 'country', values: ['DE'] }], player)).toBe(false);
    expect(matches([{ kind: 'platform', values: ['android'] }, { kind: 'country', values: ['FR'] }], player)).toBe(true);
    expect(matches([], { userId: 'anyone' })).toBe(true);
  });
});

describe('evaluation', () => {
  it('checks a rule\'s conditions before its rollout, then falls through to the next rule', () => {
    const snapshot: LiveConfigSnapshot = {
      keys: [
        {
          name: 'k',
          type: 'string',
          defaultValue: 'default',
          description: '',
          rules: [
            { id: 'ios-all', conditions: [{ kind: 'platform', values: ['ios'] }], rollout: { percentage: 100, salt: 's' }, value: 'ios' },
            { id: 'nobody', conditions: [], rollout: { percentage: 0, salt: 's' }, value: 'never' },
            { id: 'web', conditions: [{ kind: 'platform', values: ['web'] }], rollout: null, value: 'web' },
          ],
        },
      ],
      events: [],
    };
    expect(evaluateLiveConfig(snapshot, { userId: 'a', platform: 'ios' }, noon)).toEqual({ k: 'ios' });
    expect(evaluateLiveConfig(snapshot, { userId: 'a', platform: 'web' }, noon)).toEqual({ k: 'web' });
    expect(evaluateLiveConfig(snapshot, { userId: 'a', platform: 'switch' }, noon)).toEqual({ k: 'default' });
  });

  it('answers a key named __proto__ like any other, should one get past the schema', () => {
    const snapshot: LiveConfigSnapshot = {
      keys: [{ name: '__proto__', type: 'number', defaultValue: 1, description: '', rules: [] }],
      events: [],
    };
    const values = evaluateLiveConfig(snapshot, { userId: 'a' }, noon);
    expect(Object.keys(values)).toEqual(['__proto__']);
    expect(JSON.stringify(values)).toBe('{"__proto__":1}');
  });

  it('lets an event override only the players its targeting matches', () => {
    const event = liveCaseSnapshot.events.find((candidate) => candidate.id === 'halloween-ios');
    const snapshot: LiveConfigSnapshot = { keys: liveCaseSnapshot.keys, events: event ? [event] : [] };
    const night = Date.parse('2026-10-31T12:00:00Z');
    expect(evaluateLiveConfig(snapshot, { userId: 'x', platform: 'ios' }, night)['shop.discount']).toBe(0.4);
    expect(evaluateLiveConfig(snapshot, { userId: 'player-3', platform: 'web' }, night)['shop.discount']).toBe(0);
  });
});
