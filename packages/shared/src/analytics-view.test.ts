import { describe, expect, it } from 'vitest';
import {
  analyticsQuerySchema,
  isFilterValue,
  isIsoDay,
  overviewRanges,
  previousRange,
  rangeDays,
  rangeMessages,
  retentionQuerySchema,
} from './analytics-view';

const march = { from: '2026-03-01', to: '2026-03-31' };

/** The messages of a failed parse (an empty list when it passed). */
function messages(result: { error?: { issues: { message: string }[] } | undefined }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('analytics query', () => {
  it('defaults to days and no filters', () => {
    expect(analyticsQuerySchema.parse(march)).toEqual({ ...march, granularity: 'day', platform: [], country: [], app_version: [] });
  });

  it.each([
    ['ios', ['ios']],
    ['ios,android', ['ios', 'android']],
    [' ios , android ,, ', ['ios', 'android']],
    ['', []],
    [' , ,', []],
    ['1.2.0 beta', ['1.2.0 beta']],
  ])('reads the filter %j as %j', (platform, expected) => {
    expect(analyticsQuerySchema.parse({ ...march, platform, country: platform, app_version: platform })).toMatchObject({
      platform: expected,
      country: expected,
      app_version: expected,
    });
  });

  const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`).join(',');

  it('takes 20 values of a filter and refuses 21', () => {
    expect(analyticsQuerySchema.parse({ ...march, country: values(20) }).country).toHaveLength(20);
    expect(messages(analyticsQuerySchema.safeParse({ ...march, country: values(21) }))).toEqual(['country may list at most 20 values']);
  });

  it.each([
    ['a control character', 'io\u0001s'],
    ['a delete character', 'ios\u007F'],
    ['65 characters', 'x'.repeat(65)],
  ])('refuses a filter value with %s', (_case, value) => {
    expect(messages(analyticsQuerySchema.safeParse({ ...march, app_version: value }))).toEqual([
      'each app_version value must be 1 to 64 characters without commas',
    ]);
  });

  // The first message is the one that matters: zod goes on checking after a failed date (the
  // calendar check after the format, the range after both), so more may follow.
  it.each<[string, Record<string, unknown>, string]>([
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }, 'from must be a real calendar date'],
    ['February 29 outside a leap year', { from: '2026-02-01', to: '2026-02-29' }, 'to must be a real calendar date'],
    ['a month 13', { from: '2026-13-01', to: '2026-03-01' }, 'from must be a real calendar date'],
    ['a date without leading zeros', { from: '2026-3-1', to: '2026-03-01' }, 'from must be a date as YYYY-MM-DD'],
    ['a date and time', { from: '2026-03-01T00:00:00Z', to: '2026-03-01' }, 'from must be a date as YYYY-MM-DD'],
    ['no from', { to: '2026-03-01' }, 'from must be a date as YYYY-MM-DD'],
  ])('refuses %s', (_case, query, message) => {
    expect(messages(analyticsQuerySchema.safeParse(query))[0]).toBe(message);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['from after to', { from: '2026-03-02', to: '2026-03-01' }, rangeMessages.order],
    ['401 days', { from: '2026-01-01', to: '2027-02-05' }, rangeMessages.tooLong],
    ['an unknown granularity', { ...march, granularity: 'year' }, 'granularity must be day, week or month'],
  ])('refuses %s', (_case, query, message) => {
    expect(messages(analyticsQuerySchema.safeParse(query))).toEqual([message]);
  });

  it('puts range problems on the field to change', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]?.path).toEqual(['from']);
    expect(analyticsQuerySchema.safeParse({ from: '2026-01-01', to: '2027-02-05' }).error?.issues[0]?.path).toEqual(['to']);
  });

  it.each([
    ['one day', { from: '2026-03-01', to: '2026-03-01' }],
    ['400 days', { from: '2026-01-01', to: '2027-02-04' }],
    ['February 29 of a leap year', { from: '2028-02-29', to: '2028-03-01' }],
  ])('takes %s', (_case, range) => {
    expect(analyticsQuerySchema.safeParse(range).success).toBe(true);
  });

  it('retention defaults to classic and refuses other modes', () => {
    expect(retentionQuerySchema.parse(march).mode).toBe('classic');
    expect(retentionQuerySchema.parse({ ...march, mode: 'rolling' }).mode).toBe('rolling');
    expect(messages(retentionQuerySchema.safeParse({ ...march, mode: 'n-day' }))).toEqual(['mode must be classic or rolling']);
    expect(messages(retentionQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([rangeMessages.order]);
  });
});

describe('rangeDays', () => {
  it.each([
    ['2026-03-01', '2026-03-01', 1],
    ['2026-03-01', '2026-03-31', 31],
    ['2026-02-28', '2026-03-01', 2],
    ['2028-02-28', '2028-03-01', 3],
    ['2025-12-31', '2026-01-01', 2],
    ['2026-01-01', '2027-02-04', 400],
    ['2026-03-02', '2026-03-01', 0],
    ['2026-03-05', '2026-03-01', -3],
  ])('%s to %s: %i days', (from, to, days) => {
    expect(rangeDays({ from, to })).toBe(days);
  });
});

describe('previousRange', () => {
  it.each([
    [{ from: '2026-03-10', to: '2026-03-11' }, { from: '2026-03-08', to: '2026-03-09' }],
    [{ from: '2026-03-01', to: '2026-03-01' }, { from: '2026-02-28', to: '2026-02-28' }],
    [{ from: '2026-03-01', to: '2026-03-31' }, { from: '2026-01-29', to: '2026-02-28' }],
    [{ from: '2028-03-01', to: '2028-03-07' }, { from: '2028-02-23', to: '2028-02-29' }],
    [{ from: '2026-01-01', to: '2026-01-14' }, { from: '2025-12-18', to: '2025-12-31' }],
  ])('before %j: %j', (range, expected) => {
    expect(previousRange(range)).toEqual(expected);
    expect(rangeDays(expected)).toBe(rangeDays(range));
  });
});

describe('overviewRanges', () => {
  it.each([
    {
      name: 'a past range: all of it, against the range before',
      view: { from: '2026-11-01', to: '2026-11-10' },
      expected: { cardRange: { from: '2026-11-01', to: '2026-11-10' }, previousRange: { from: '2026-10-22', to: '2026-10-31' } },
    },
    {
      name: 'a range ending yesterday is whole',
      view: { from: '2026-11-18', to: '2026-11-24' },
      expected: { cardRange: { from: '2026-11-18', to: '2026-11-24' }, previousRange: { from: '2026-11-11', to: '2026-11-17' } },
    },
    {
      name: 'a range reaching today: its complete days against as many before them',
      view: { from: '2026-10-27', to: '2026-11-25' },
      expected: { cardRange: { from: '2026-10-27', to: '2026-11-24' }, previousRange: { from: '2026-09-28', to: '2026-10-26' } },
    },
    {
      name: 'a range past today: the same',
      view: { from: '2026-11-20', to: '2026-11-30' },
      expected: { cardRange: { from: '2026-11-20', to: '2026-11-24' }, previousRange: { from: '2026-11-15', to: '2026-11-19' } },
    },
    {
      name: 'today alone: figures so far, nothing to compare',
      view: { from: '2026-11-25', to: '2026-11-25' },
      expected: { cardRange: { from: '2026-11-25', to: '2026-11-25' }, previousRange: null },
    },
  ])('$name', ({ view, expected }) => {
    expect(overviewRanges(view, '2026-11-25')).toEqual(expected);
  });
});

describe('isIsoDay', () => {
  it.each([
    ['2026-03-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['', false],
  ])('%s: %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });
});

describe('isFilterValue', () => {
  it.each([
    ['ios', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['ios,android', false],
    ['a\u0000b', false],
    ['lone \uD800 surrogate', false],
  ])('%j: %s', (value, expected) => {
    expect(isFilterValue(value)).toBe(expected);
  });
});
