import { describe, expect, it } from 'vitest';
import {
  breakdownPropertyRequiredMessage,
  exploreQuerySchema,
  hourlyRangeMessage,
  isPropertyKey,
  needsProperty,
  propertyRequiredMessage,
} from './analytics-explore';
import { rangeMessages } from './analytics-view';

const march = { from: '2026-03-01', to: '2026-03-31' };

/** The messages of a failed parse (an empty list when it passed). */
function messages(result: { error?: { issues: { message: string }[] } | undefined }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('explore query', () => {
  it('defaults to the count of every event, not broken down', () => {
    expect(exploreQuerySchema.parse(march)).toEqual({
      ...march,
      granularity: 'day',
      platform: [],
      country: [],
      app_version: [],
      event: null,
      measure: 'count',
      property: null,
      breakdown: 'none',
      breakdown_property: null,
      filters: [],
      series: [],
      formula: null,
    });
    expect(exploreQuerySchema.parse({ ...march, event: '', property: '' })).toMatchObject({ event: null, property: null });
  });

  it.each([
    ['sum', undefined],
    ['sum', ''],
    ['average', undefined],
  ])('asks for a property to %s (property %j)', (measure, property) => {
    const result = exploreQuerySchema.safeParse({ ...march, measure, property });
    expect(messages(result)).toEqual([propertyRequiredMessage]);
    expect(result.error?.issues[0]?.path).toEqual(['property']);
  });

  it.each([
    [{ measure: 'sum', property: 'duration_s' }],
    [{ measure: 'average', property: 'revenue_amount' }],
    [{ measure: 'users', event: 'level_complete', breakdown: 'country' }],
  ])('takes %j', (query) => {
    expect(exploreQuerySchema.safeParse({ ...march, ...query }).success).toBe(true);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ measure: 'median' }, 'measure must be count, users, sum or average'],
    [{ breakdown: 'build' }, 'breakdown must be none, name, platform, country, app_version or property'],
    [{ measure: 'sum', property: 'a/b' }, 'property must be a property key (letters, digits, _ . - $ and spaces)'],
    [{ event: 'e'.repeat(129) }, 'event must be at most 128 characters'],
  ])('refuses %j', (query, message) => {
    expect(messages(exploreQuerySchema.safeParse({ ...march, ...query }))).toEqual([message]);
  });

  it('checks the range and the property together', () => {
    expect(messages(exploreQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01', measure: 'sum' }))).toEqual([
      rangeMessages.order,
      propertyRequiredMessage,
    ]);
  });
});

describe('needsProperty', () => {
  it.each([
    ['count', false],
    ['users', false],
    ['sum', true],
    ['average', true],
  ] as const)('%s: %s', (measure, expected) => {
    expect(needsProperty(measure)).toBe(expected);
  });
});

describe('isPropertyKey', () => {
  it.each([
    ['level', true],
    ['boss level', true],
    ['a.b-c_$', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['score%', false],
  ])('%j: %s', (value, expected) => {
    expect(isPropertyKey(value)).toBe(expected);
    // The same rule as the explore query's property parameter.
    if (value !== '') expect(exploreQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-31', measure: 'sum', property: value }).success).toBe(expected);
  });
});

describe('explore query, issue 17 (ADR 026)', () => {
  const week = { from: '2026-03-01', to: '2026-03-07' };
  const filters = (value: unknown) => JSON.stringify(value);

  it('reads property filters, further series and a formula from JSON parameters', () => {
    const query = exploreQuerySchema.parse({
      ...week,
      granularity: 'hour',
      event: 'level_fail',
      breakdown: 'property',
      breakdown_property: 'level',
      filters: filters([{ key: 'level', op: 'gt', values: ['3'] }, { key: 'vip', op: 'set' }]),
      series: filters([{ event: 'level_start', measure: 'users' }]),
      formula: ' A / B ',
    });
    expect(query).toMatchObject({
      granularity: 'hour',
      breakdown_property: 'level',
      filters: [{ key: 'level', op: 'gt', values: ['3'] }, { key: 'vip', op: 'set', values: [] }],
      series: [{ event: 'level_start', measure: 'users', property: null, filters: [] }],
      formula: 'A / B',
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ granularity: 'hour', to: '2026-03-08' }, hourlyRangeMessage],
    [{ breakdown: 'property' }, breakdownPropertyRequiredMessage],
    [{ breakdown: 'property', breakdown_property: "level'); DROP TABLE x; --" }, 'property must be a property key (letters, digits, _ . - $ and spaces)'],
    [{ filters: '{not json' }, 'filters must be JSON'],
    [{ filters: filters([{ key: 'a"b', op: 'eq', values: ['1'] }]) }, 'filter key must be a property key (letters, digits, _ . - $ and spaces)'],
    [{ filters: filters([{ key: 'level', op: 'like', values: ['1'] }]) }, 'op must be one of eq, neq, in, gt, gte, lt, lte, set, not_set'],
    [{ filters: filters([{ key: 'level', op: 'gt', values: ['ten'] }]) }, 'gt compares numbers: its value must be a number'],
    [{ filters: filters([{ key: 'level', op: 'eq', values: [] }]) }, 'eq takes exactly one value'],
    [{ filters: filters([{ key: 'level', op: 'set', values: ['x'] }]) }, 'set takes no value'],
    [{ filters: filters(Array.from({ length: 11 }, () => ({ key: 'level', op: 'set' }))) }, 'at most 10 property filters per series'],
    [{ series: filters([{}, {}, {}, {}, {}]) }, 'a chart has at most 5 series (A to E)'],
    [{ series: filters([{ measure: 'sum' }]) }, 'Series B: choose a numeric property to sum or average'],
    [{ formula: 'A / B' }, 'Formula: there is no series B (the chart has A)'],
    [{ formula: 'A; drop' }, 'Formula: “;” at character 2 is not allowed (use series letters, numbers, + - * / and parentheses)'],
  ])('refuses %j', (input, message) => {
    expect(messages(exploreQuerySchema.safeParse({ ...week, ...input }))).toEqual([message]);
  });

  it('takes hours for up to 7 days', () => {
    expect(exploreQuerySchema.safeParse({ ...week, granularity: 'hour' }).success).toBe(true);
  });
});
