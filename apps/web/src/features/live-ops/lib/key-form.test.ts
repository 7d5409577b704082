import { describe, expect, it } from 'vitest';

import { emptyCondition } from '../../../lib/live-config/condition-form';
import { errorUnder } from '../../../lib/field-errors';
import { buildKey, emptyKeyFields, keyFieldsOf, moveItem, newRule, type KeyFields } from './key-form';

const fields = (overrides: Partial<KeyFields>): KeyFields => ({ ...emptyKeyFields(), name: 'shop.discount', type: 'number', defaultValue: '0.1', ...overrides });

describe('moveItem (rule order)', () => {
  it.each([
    [['a', 'b', 'c'], 1, -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 1, 1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']],
    [['a'], 0, 1, ['a']],
  ] as const)('%j, moving %i by %i → %j', (items, index, step, expected) => {
    expect(moveItem(items, index, step)).toEqual(expected);
  });

  it('never changes the list it was given', () => {
    const items = ['a', 'b'];
    moveItem(items, 0, 1);
    expect(items).toEqual(['a', 'b']);
  });
});

describe('buildKey', () => {
  it('makes the body with the rules in the order shown, a new rule without an id, a saved one with its id', () => {
    const saved = { ...newRule('number'), id: 'rule-1', value: '0.5', rollout: '50' };
    const fresh = { ...newRule('number'), value: '0.2', conditions: [{ ...emptyCondition('platform'), list: 'iOS, android' }] };
    const built = buildKey(fields({ rules: [fresh, saved] }));
    expect(built).toEqual({
      ok: true,
      body: {
        name: 'shop.discount',
        type: 'number',
        defaultValue: 0.1,
        description: '',
        rules: [
          { conditions: [{ kind: 'platform', values: ['ios', 'android'] }], rollout: null, value: 0.2 },
          { id: 'rule-1', conditions: [], rollout: { percentage: 50 }, value: 0.5 },
        ],
      },
    });
  });

  it('gives the shared messages next to the fields they are about', () => {
    const rule = {
      ...newRule('number'),
      value: 'lots',
      rollout: '120',
      conditions: [{ ...emptyCondition('app_version'), range: '>=banana' }],
    };
    const built = buildKey(fields({ name: 'bad name!', defaultValue: '', rules: [rule] }));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.errors.name).toBe('A key name may only contain letters, digits, _, . and -');
    expect(built.errors.defaultValue).toBe('A value is required');
    expect(built.errors['rules.0.value']).toBe('The value must be a number: the key is of type number');
    expect(built.errors['rules.0.rollout.percentage']).toBe('The rollout percentage must be a number from 0 to 100');
    expect(errorUnder(built.errors, 'rules.0.conditions.0')).toMatch(/version/i);
  });

  it('reads JSON and booleans by the key type', () => {
    expect(buildKey(fields({ type: 'json', defaultValue: '{"a": [1, 2]}' }))).toMatchObject({ ok: true, body: { defaultValue: { a: [1, 2] } } });
    expect(buildKey(fields({ type: 'boolean', defaultValue: 'false' }))).toMatchObject({ ok: true, body: { defaultValue: false } });
    const broken = buildKey(fields({ type: 'json', defaultValue: '{oops' }));
    expect(broken.ok ? null : broken.errors.defaultValue).toMatch(/^This is not valid JSON/);
  });

  it('refuses a JSON value over 16 KB with the shared message', () => {
    const built = buildKey(fields({ type: 'json', defaultValue: JSON.stringify({ text: 'x'.repeat(17_000) }) }));
    expect(built.ok ? null : built.errors.defaultValue).toMatch(/the limit is 16384 bytes \(16 KB\)/);
  });

  it('round-trips a saved key through the fields', () => {
    const key = {
      name: 'hud',
      type: 'json' as const,
      defaultValue: { theme: 'dark' },
      description: 'HUD layout',
      rules: [{ id: 'r1', conditions: [{ kind: 'country' as const, values: ['DE', 'FR'] }], rollout: { percentage: 25, salt: 's' }, value: { theme: 'light' } }],
    };
    expect(buildKey(keyFieldsOf(key))).toEqual({
      ok: true,
      body: { name: 'hud', type: 'json', defaultValue: { theme: 'dark' }, description: 'HUD layout', rules: [{ id: 'r1', conditions: key.rules[0]?.conditions, rollout: { percentage: 25 }, value: { theme: 'light' } }] },
    });
  });
});
