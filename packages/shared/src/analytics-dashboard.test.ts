import { describe, expect, it } from 'vitest';
import { propertyRequiredMessage } from './analytics-explore';
import { chartTitleMessages, createChartBodySchema, pinnedQuerySchema } from './analytics-dashboard';

/** The messages of a failed parse (an empty list when it passed). */
function messages(result: { error?: { issues: { message: string }[] } | undefined }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('pinned chart query', () => {
  it('defaults like the explorer, filters as lists', () => {
    expect(pinnedQuerySchema.parse({})).toEqual({
      event: null,
      measure: 'count',
      property: null,
      breakdown: 'none',
      breakdown_property: null,
      filters: [],
      series: [],
      formula: null,
      granularity: 'day',
      platform: [],
      country: [],
      app_version: [],
    });
    expect(pinnedQuerySchema.parse({ measure: 'users', granularity: 'week', platform: ['ios', 'android'] })).toMatchObject({
      measure: 'users',
      granularity: 'week',
      platform: ['ios', 'android'],
    });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ measure: 'average' }, propertyRequiredMessage],
    [{ granularity: 'second' }, 'granularity must be hour, day, week or month'],
    [{ breakdown: 'property' }, 'Choose a property to break down by'],
    [{ filters: [{ key: 'level', op: 'gt', values: ['high'] }] }, 'gt compares numbers: its value must be a number'],
    [{ series: [{ event: 'level_start' }], formula: 'B / C' }, 'Formula: there is no series C (the chart has A, B)'],
  ])('refuses %j', (query, message) => {
    expect(messages(pinnedQuerySchema.safeParse(query))).toEqual([message]);
  });

  it.each([
    ['21 values', { country: Array.from({ length: 21 }, (_, index) => `C${index}`) }],
    ['a value with a comma', { platform: ['ios,android'] }],
    ['an empty value', { app_version: [''] }],
    ['a comma-separated text', { platform: 'ios' }],
  ])('refuses filters with %s', (_case, query) => {
    expect(pinnedQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('create chart body', () => {
  it('trims the title and fills the query defaults', () => {
    expect(createChartBodySchema.parse({ title: '  Daily levels  ', chartType: 'bar', query: { event: 'level_complete' } })).toEqual({
      title: 'Daily levels',
      chartType: 'bar',
      query: {
        event: 'level_complete',
        measure: 'count',
        property: null,
        breakdown: 'none',
        breakdown_property: null,
        filters: [],
        series: [],
        formula: null,
        granularity: 'day',
        platform: [],
        country: [],
        app_version: [],
      },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no title', { chartType: 'line', query: {} }, chartTitleMessages.required],
    ['a blank title', { title: '   ', chartType: 'line', query: {} }, chartTitleMessages.required],
    ['an 81-character title', { title: 't'.repeat(81), chartType: 'line', query: {} }, chartTitleMessages.tooLong],
    ['an unknown chart type', { title: 'Levels', chartType: 'pie', query: {} }, 'chartType must be line, bar or table'],
    ['a sum without property', { title: 'Levels', chartType: 'table', query: { measure: 'sum' } }, propertyRequiredMessage],
  ])('refuses %s', (_case, body, message) => {
    expect(messages(createChartBodySchema.safeParse(body))).toEqual([message]);
  });

  it('takes an 80-character title', () => {
    expect(createChartBodySchema.safeParse({ title: 't'.repeat(80), chartType: 'table', query: {} }).success).toBe(true);
  });
});
