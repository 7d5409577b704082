import { describe, expect, it } from 'vitest';
import { exploreQuerySchema, isPropertyKey, needsProperty, propertyRequiredMessage } from './analytics-explore';
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
    [{ breakdown: 'build' }, 'breakdown must be none, name, platform, country or app_version'],
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
