import { describe, expect, it } from 'vitest';
import { liveConditionSchema } from './live-condition';
import { isLiveEventActive, liveConfigSnapshotSchema, liveKeyNameSchema, liveKeySchema, liveRuleSchema, liveValueTypeSchema, playerContextSchema, validateLiveConfig } from './live-config';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const key = (overrides: Record<string, unknown> = {}) => ({
  name: 'shop.discount',
  type: 'number',
  defaultValue: 0,
  description: 'Share off every shop price',
  rules: [],
  ...overrides,
});

const event = (overrides: Record<string, unknown> = {}) => ({
  id: 'halloween',
  name: 'Halloween',
  startsAt: '2026-10-30T00:00:00Z',
  endsAt: '2026-11-02T00:00:00Z',
  conditions: [],
  overrides: [{ key: 'shop.discount', value: 0.3 }],
  ...overrides,
});

describe('key names', () => {
  it.each([
    ['shop.discount', null],
    ['A-b_9.c', null],
    ['x'.repeat(64), null],
    ['', 'Enter the key name'],
    ['x'.repeat(65), 'A key name must be at most 64 characters'],
    ['shop discount', 'A key name may only contain letters, digits, _, . and -'],
    ['prix/€', 'A key name may only contain letters, digits, _, . and -'],
    ['__proto__', 'A key name cannot be __proto__'],
    ['__proto__x', null],
  ])('%j → %s', (name, message) => {
    const result = liveKeyNameSchema.safeParse(name);
    expect(result.success ? null : firstMessage(result)).toBe(message);
  });
});

describe('keys', () => {
  it('refuses an unknown type with the list of types', () => {
    expect(firstMessage(liveValueTypeSchema.safeParse('date'))).toBe('The type must be string, number, boolean or json');
    expect(firstMessage(liveKeySchema.safeParse(key({ type: 'date' })))).toBe('The type must be string, number, boolean or json');
  });

  it('checks the default and every rule value against the type, naming where', () => {
    const result = liveKeySchema.safeParse(key({ defaultValue: '0.1', rules: [{ id: 'r1', conditions: [], rollout: null, value: true }] }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['defaultValue', 'The value must be a number: the key is of type number'],
      ['rules.0.value', 'The value must be a number: the key is of type number'],
    ]);
  });

  it('refuses a 1 MB JSON value, naming its size and the limit', () => {
    const big = { blob: 'x'.repeat(1024 * 1024) };
    expect(firstMessage(liveKeySchema.safeParse(key({ type: 'json', defaultValue: big })))).toBe(
      'The JSON value is 1048587 bytes; the limit is 16384 bytes (16 KB)',
    );
  });

  it('takes a description of 500 characters and rule lists as given', () => {
    expect(liveKeySchema.parse(key({ description: 'd'.repeat(500) })).description).toHaveLength(500);
    expect(firstMessage(liveKeySchema.safeParse(key({ description: 'd'.repeat(501) })))).toBe('The description must be at most 500 characters');
  });

  it('refuses two rules with one id', () => {
    const rule = { id: 'r1', conditions: [], rollout: null, value: 1 };
    expect(firstMessage(liveKeySchema.safeParse(key({ rules: [rule, rule] })))).toBe('Two rules have the id r1');
  });
});

describe('rules', () => {
  it.each([
    [50, null],
    [12.34, null],
    [0, null],
    [100, null],
    [0.001, 'The rollout percentage has at most two decimals, like 12.5 or 0.25'],
    [-1, 'The rollout percentage must be a number from 0 to 100'],
    [100.5, 'The rollout percentage must be a number from 0 to 100'],
  ])('a rollout of %s percent → %s', (percentage, message) => {
    const result = liveRuleSchema.safeParse({ id: 'r1', conditions: [], rollout: { percentage, salt: 'abc' }, value: 1 });
    expect(result.success ? null : firstMessage(result)).toBe(message);
  });
});

describe('conditions', () => {
  it.each([
    [{ kind: 'platform', values: ['iOS', ' android '] }, { kind: 'platform', values: ['ios', 'android'] }],
    [{ kind: 'country', values: ['de', 'FR'] }, { kind: 'country', values: ['DE', 'FR'] }],
    [{ kind: 'app_version', range: ' >=1.2.0 <2.0.0 ' }, { kind: 'app_version', range: '>=1.2.0 <2.0.0' }],
    [{ kind: 'property', name: 'level', operator: 'gte', value: 10 }, { kind: 'property', name: 'level', operator: 'gte', value: 10 }],
    [{ kind: 'install_date', from: '2026-01-01' }, { kind: 'install_date', from: '2026-01-01', to: null }],
  ])('accepts %j', (input, output) => {
    expect(liveConditionSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ kind: 'weather' }, "A condition's kind must be one of platform, country, app_version, property, install_date"],
    [{ kind: 'platform', values: [] }, 'Give at least one of the platforms'],
    [{ kind: 'country', values: ['Germany'] }, 'A country must be a two-letter ISO 3166-1 code, like DE'],
    [{ kind: 'app_version', range: '>=1.2.0 <' }, 'Version range ">=1.2.0 <" is not valid: "<" is not a version like 1.2.0 or 1.2.x, with an optional <, <=, >, >=, =, ^ or ~ before it'],
    [{ kind: 'app_version', range: 'latest' }, 'Version range "latest" is not valid: "latest" is not a version like 1.2.0 or 1.2.x, with an optional <, <=, >, >=, =, ^ or ~ before it'],
    [{ kind: 'app_version', range: '' }, 'Enter a version range, like >=1.2.0'],
    [{ kind: 'property', name: 'level', operator: 'gt', value: '10' }, 'The operator gt compares with a number'],
    [{ kind: 'property', name: 'level', operator: 'in', value: [] }, 'The operator in needs a list of 1 to 100 texts, numbers, true or false'],
    [{ kind: 'property', name: 'level', operator: 'contains', value: 3 }, 'The operator contains needs text of 1 to 1024 characters'],
    [{ kind: 'property', name: 'level', operator: 'like', value: 3 }, 'The operator must be one of eq, ne, gt, gte, lt, lte, in, contains'],
    [{ kind: 'install_date' }, 'Give a first or a last install date, or both'],
    [{ kind: 'install_date', from: '2026-03-01', to: '2026-02-01' }, 'The last install date must not be before the first'],
    [{ kind: 'install_date', from: '2026-02-30' }, 'An install date must be a real calendar date as YYYY-MM-DD'],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(liveConditionSchema.safeParse(input))).toBe(message);
  });
});

describe('live events', () => {
  it('are on from their start, inclusive, to their end, exclusive', () => {
    const halloween = event();
    const start = Date.parse('2026-10-30T00:00:00Z');
    const end = Date.parse('2026-11-02T00:00:00Z');
    expect([start - 1, start, end - 1, end].map((now) => isLiveEventActive(halloween, now))).toEqual([false, true, true, false]);
  });

  it.each([
    [event({ endsAt: '2026-10-30T00:00:00Z' }), 'The end must be after the start'],
    [event({ startsAt: '2026-10-30T00:00:00+02:00' }), 'The start must be a UTC date-time like 2026-10-30T00:00:00Z'],
    [event({ overrides: [] }), 'A live event overrides at least one key'],
    [event({ name: ' ' }), 'Enter the live event name'],
    [event({ overrides: [{ key: 'a', value: 1 }, { key: 'a', value: 2 }] }), 'The key a is overridden twice'],
  ])('refuses %j: %s', (input, message) => {
    expect(liveConfigSnapshotSchema.safeParse({ keys: [], events: [input] }).error?.issues[0]?.message).toBe(message);
  });
});

describe('validateLiveConfig', () => {
  it('finds nothing wrong with a good configuration', () => {
    expect(validateLiveConfig({ keys: [key()], events: [event()] })).toEqual([]);
  });

  it('gives every problem at once, each saying where', () => {
    const problems = validateLiveConfig({
      keys: [
        key({ rules: [{ id: 'r1', conditions: [{ kind: 'app_version', range: '1.x.y' }], rollout: null, value: 0.1 }] }),
        key({ name: 'shop.discount', type: 'boolean', defaultValue: false }),
        key({ name: 'shop.layout', type: 'json', defaultValue: { rows: 'r'.repeat(20_000) } }),
      ],
      events: [event({ overrides: [{ key: 'shop.discount', value: 'big' }, { key: 'shop.banner', value: 'x' }] })],
    });
    expect(problems).toEqual([
      {
        path: 'keys.0.rules.0.conditions.0.range',
        message: 'Key shop.discount, rule 1, condition 1: Version range "1.x.y" is not valid: "1.x.y" is not a version like 1.2.0 or 1.2.x, with an optional <, <=, >, >=, =, ^ or ~ before it',
      },
      { path: 'keys.2.defaultValue', message: 'Key shop.layout: The JSON value is 20011 bytes; the limit is 16384 bytes (16 KB)' },
      { path: 'keys.1.name', message: 'Key shop.discount: Another key is also named shop.discount' },
      { path: 'events.0.overrides.0.value', message: 'Live event "Halloween", override of shop.discount: The value must be a number: the key is of type number' },
      { path: 'events.0.overrides.1.key', message: 'Live event "Halloween", override of shop.banner: There is no key shop.banner to override' },
    ]);
  });

  it('answers for anything at all, even not an object', () => {
    expect(validateLiveConfig(null)[0]?.message).toMatch(/object/u);
    expect(validateLiveConfig({ keys: 'no', events: [] })).toHaveLength(1);
  });
});

describe('player context', () => {
  it('takes a player with properties and refuses nested ones', () => {
    expect(playerContextSchema.parse({ userId: 'p1', properties: { level: 3, vip: true, install_date: '2026-01-01' } }).userId).toBe('p1');
    expect(playerContextSchema.safeParse({ userId: 'p1', properties: { nested: { a: 1 } } }).success).toBe(false);
    expect(firstMessage(playerContextSchema.safeParse({ userId: '' }))).toBe('user_id is required');
  });
});
