import { describe, expect, it } from 'vitest';

import { breakdownPropertyRequiredMessage, hourlyRangeMessage } from '@questboard/shared/analytics-explore';
import type { DashboardChart } from '@questboard/shared/analytics-dashboard';
import {
  type ExploreControls,
  exploreProblem,
  hourlyRefusal,
  defaultExploreControls,
  exploreQuery,
  exploreTitle,
  pinnedChartSearch,
  pinnedChartSummary,
  pinnedExploreParams,
  pinnedQuery,
  propertyOptions,
  readExploreControls,
  truncatedNote,
  writeExploreControls,
} from './explore-controls';

const params = (search: string) => new URLSearchParams(search);

describe('readExploreControls', () => {
  it.each([
    ['', defaultExploreControls],
    ['event=level_complete', { ...defaultExploreControls, event: 'level_complete' }],
    [
      'event=purchase&measure=sum&property=revenue_amount&breakdown=platform&chart=table',
      { ...defaultExploreControls, event: 'purchase', measure: 'sum', property: 'revenue_amount', breakdown: 'platform', chart: 'table' },
    ],
    // A property only goes with sum and average; unknown values fall back to the defaults.
    ['measure=users&property=level', { ...defaultExploreControls, measure: 'users' }],
    ['measure=median&breakdown=device&chart=pie&event=', defaultExploreControls],
    ['measure=average', { ...defaultExploreControls, measure: 'average' }],
  ])('?%s', (search, expected) => {
    expect(readExploreControls(params(search))).toEqual(expected);
  });
});

describe('writeExploreControls', () => {
  it('keeps the view parameters, sets the changed control and leaves defaults out', () => {
    const start = params('from=2026-03-01&to=2026-03-30&platform=ios&event=level_start');
    expect(writeExploreControls(start, { breakdown: 'country', chart: 'bar' }).toString()).toBe(
      'from=2026-03-01&to=2026-03-30&platform=ios&event=level_start&breakdown=country&chart=bar',
    );
    expect(writeExploreControls(start, { event: null }).toString()).toBe('from=2026-03-01&to=2026-03-30&platform=ios');
    expect(start.toString()).toBe('from=2026-03-01&to=2026-03-30&platform=ios&event=level_start');
  });

  it('drops the property when the measure no longer uses it', () => {
    const summed = writeExploreControls(params(''), { measure: 'sum', property: 'level' });
    expect(summed.toString()).toBe('measure=sum&property=level');
    expect(writeExploreControls(summed, { measure: 'count' }).toString()).toBe('');
    expect(writeExploreControls(summed, { measure: 'average' }).toString()).toBe('measure=average&property=level');
  });
});

describe('exploreQuery', () => {
  it('is what the explore call asks, and nothing while a sum has no property', () => {
    expect(exploreQuery(defaultExploreControls)).toStrictEqual({ measure: 'count', breakdown: 'none' });
    expect(exploreQuery({ ...defaultExploreControls, measure: 'sum' })).toBeNull();
    expect(
      exploreQuery({
        ...defaultExploreControls,
        event: 'purchase',
        measure: 'average',
        property: 'revenue_amount',
        breakdown: 'name',
      }),
    ).toEqual({
      event: 'purchase',
      measure: 'average',
      property: 'revenue_amount',
      breakdown: 'name',
    });
  });
});

describe('propertyOptions', () => {
  const catalogue = [
    {
      name: 'level_complete',
      count: 10,
      users: 2,
      lastSeen: '2026-03-04T10:00:00.000Z',
      propertyKeys: ['stars', 'level', 'duration_s'],
    },
    {
      name: 'purchase',
      count: 3,
      users: 1,
      lastSeen: '2026-03-04T10:00:00.000Z',
      propertyKeys: ['level', 'revenue_amount'],
    },
  ];

  it("lists revenue_amount first, then the chosen event's keys, or every event's", () => {
    expect(propertyOptions(catalogue, 'level_complete')).toEqual(['revenue_amount', 'duration_s', 'level', 'stars']);
    expect(propertyOptions(catalogue, 'purchase')).toEqual(['revenue_amount', 'level']);
    expect(propertyOptions(catalogue, null)).toEqual(['revenue_amount', 'duration_s', 'level', 'stars']);
    expect(propertyOptions(catalogue, 'never_seen')).toEqual(['revenue_amount']);
  });

  it('leaves out keys the server cannot measure (the shared property-key rule)', () => {
    const odd = [{ ...catalogue[0]!, propertyKeys: ['stars', 'score%', 'naïve', 'x'.repeat(65), 'boss level'] }];
    expect(propertyOptions(odd, 'level_complete')).toEqual(['revenue_amount', 'boss level', 'stars']);
  });
});

describe('wording', () => {
  it.each([
    [{ event: null, measure: 'count', property: null, breakdown: 'none' }, 'Count of all events'],
    [
      { event: 'level_complete', measure: 'users', property: null, breakdown: 'platform' },
      'Unique users of level_complete by platform',
    ],
    [
      { event: 'purchase', measure: 'sum', property: 'revenue_amount', breakdown: 'app_version' },
      'Sum of revenue_amount of purchase by app version',
    ],
    [
      { event: null, measure: 'average', property: 'level', breakdown: 'name' },
      'Average of level of all events by event name',
    ],
  ] as const)('%j is titled %s', (controls, title) => {
    expect(exploreTitle(controls)).toBe(title);
  });

  it('keeps a title within the 80 characters a pinned chart may have', () => {
    expect(exploreTitle({ event: 'e'.repeat(128), measure: 'count', property: null, breakdown: 'none' })).toHaveLength(
      80,
    );
  });

  it('says the rest is summed only where it adds up', () => {
    expect(truncatedNote('count')).toBe('Showing the 10 largest; the rest are summed in Other.');
    expect(truncatedNote('sum')).toBe('Showing the 10 largest; the rest are summed in Other.');
    expect(truncatedNote('users')).toMatch(/^Showing the 10 largest; /u);
    expect(truncatedNote('average')).not.toMatch(/Other/u);
  });
});

describe('pinnedQuery', () => {
  it("stores the explorer's query with the view's granularity and filters", () => {
    expect(
      pinnedQuery(
        { ...defaultExploreControls, event: 'purchase', measure: 'sum', property: 'revenue_amount', breakdown: 'platform', chart: 'bar' },
        { granularity: 'week', platform: ['ios'], country: [], app_version: ['1.2.0', '1.3.0'] },
      ),
    ).toEqual({
      event: 'purchase',
      measure: 'sum',
      property: 'revenue_amount',
      breakdown: 'platform',
      breakdown_property: null,
      filters: [],
      series: [],
      formula: null,
      granularity: 'week',
      platform: ['ios'],
      country: [],
      app_version: ['1.2.0', '1.3.0'],
    });
  });
});

describe('issue 17: property breakdowns, filters, series, formula and hours in the address', () => {
  const full: ExploreControls = {
    ...defaultExploreControls,
    event: 'level_fail',
    breakdown: 'property',
    breakdownProperty: 'level',
    filters: [
      { key: 'difficulty', op: 'in', values: ['hard', 'a, "quoted" & odd=value'] },
      { key: 'level', op: 'gt', values: ['3'] },
    ],
    series: [{ event: 'level_start', measure: 'users', property: null, filters: [{ key: 'vip', op: 'set', values: [] }] }],
    formula: 'A / B * 100',
    hourly: true,
  };

  it('survives a round trip through the address, next to the view', () => {
    const written = writeExploreControls(params('from=2026-03-01&to=2026-03-05&platform=ios'), full);
    expect(written.get('from')).toBe('2026-03-01');
    expect(written.get('platform')).toBe('ios');
    expect(readExploreControls(new URLSearchParams(written.toString()))).toEqual(full);
    // Back to the defaults: nothing of it is left in the address.
    const cleared = writeExploreControls(written, { ...defaultExploreControls });
    expect([...cleared.keys()].sort()).toEqual(['from', 'platform', 'to']);
  });

  it('leaves out what the shared rules refuse, from a hand-edited address', () => {
    const read = readExploreControls(
      params(`breakdown=property&breakdown_property=${encodeURIComponent("level'; DROP")}&filters=${encodeURIComponent('[{"key":"level","op":"gt","values":["x"]}]')}&series=nonsense`),
    );
    expect(read).toMatchObject({ breakdown: 'property', breakdownProperty: null, filters: [], series: [] });
  });

  it('asks the server the same question, and nothing while it is not complete', () => {
    expect(exploreQuery(full)).toEqual({
      event: 'level_fail',
      measure: 'count',
      breakdown: 'property',
      breakdown_property: 'level',
      filters: JSON.stringify(full.filters),
      series: JSON.stringify(full.series),
      formula: 'A / B * 100',
      granularity: 'hour',
    });
    expect(exploreProblem({ ...full, breakdownProperty: null })).toBe(breakdownPropertyRequiredMessage);
    expect(exploreProblem({ ...full, formula: 'A / C' })).toMatch(/there is no series C/u);
    expect(exploreQuery({ ...full, formula: 'A +' })).toBeNull();
    expect(exploreProblem({ ...full, series: [{ event: null, measure: 'sum', property: null, filters: [] }] })).toMatch(/^Series B: choose a numeric property/u);
  });

  it('refuses hours beyond 7 days with the shared message', () => {
    expect(hourlyRefusal(full, { from: '2026-03-01', to: '2026-03-07' })).toBeNull();
    expect(hourlyRefusal(full, { from: '2026-03-01', to: '2026-03-08' })).toBe(hourlyRangeMessage);
    expect(hourlyRefusal({ hourly: false }, { from: '2026-01-01', to: '2026-03-08' })).toBeNull();
  });

  it('pins every option and opens the pinned chart with them', () => {
    const query = pinnedQuery(full, { granularity: 'day', platform: [], country: [], app_version: [] });
    expect(query).toMatchObject({ breakdown_property: 'level', filters: full.filters, series: full.series, formula: 'A / B * 100', granularity: 'hour' });
    const stored: DashboardChart['query'] = {
      event: 'level_fail',
      measure: 'count',
      property: null,
      breakdown: 'property',
      breakdown_property: 'level',
      filters: full.filters,
      series: full.series,
      formula: 'A / B * 100',
      granularity: 'hour',
      platform: [],
      country: [],
      app_version: [],
    };
    const search = pinnedChartSearch({ chartType: 'bar', query: stored }, params('from=2026-03-01&to=2026-03-03'));
    expect(readExploreControls(new URLSearchParams(search.slice(1)))).toEqual({ ...full, chart: 'bar' });
    expect(pinnedExploreParams(stored, { from: '2026-03-01', to: '2026-03-03' })).toMatchObject({ granularity: 'hour', formula: 'A / B * 100' });
    expect(pinnedChartSummary({ chartType: 'line', query: stored })).toBe(
      'Line chart by hour (UTC) · difficulty is one of hard, a, "quoted" & odd=value · level > 3 · 2 series · Formula: A / B * 100',
    );
  });
});

describe('a pinned chart', () => {
  const query = {
    event: 'purchase',
    measure: 'sum' as const,
    property: 'revenue_amount',
    breakdown: 'platform' as const,
    granularity: 'week' as const,
    platform: ['ios', 'android'],
    country: [],
    app_version: ['1.2.0'],
  };
  // Every event counted by day, nothing filtered: the explorer's defaults.
  const plain = {
    ...query,
    event: null,
    measure: 'count' as const,
    property: null,
    breakdown: 'none' as const,
    granularity: 'day' as const,
    platform: [],
    app_version: [],
  };

  it("runs its own query and filters over the dashboard's range", () => {
    expect(pinnedExploreParams(query, { from: '2026-03-01', to: '2026-03-30' })).toStrictEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      granularity: 'week',
      platform: 'ios,android',
      app_version: '1.2.0',
      event: 'purchase',
      measure: 'sum',
      property: 'revenue_amount',
      breakdown: 'platform',
    });
    expect(pinnedExploreParams(plain, { from: '2026-03-01', to: '2026-03-02' })).toStrictEqual({ from: '2026-03-01', to: '2026-03-02', granularity: 'day', measure: 'count', breakdown: 'none' });
    expect(pinnedExploreParams({ ...query, property: null }, { from: '2026-03-01', to: '2026-03-02' })).toBeNull();
  });

  it("opens in the explorer with its query over the dashboard's range", () => {
    expect(pinnedChartSearch({ chartType: 'bar', query }, new URLSearchParams('range=last-7&mode=rolling'))).toBe(
      '?range=last-7&granularity=week&platform=ios%2Candroid&app_version=1.2.0&event=purchase&measure=sum&property=revenue_amount&breakdown=platform&chart=bar',
    );
    expect(pinnedChartSearch({ chartType: 'line', query: plain }, new URLSearchParams(''))).toBe('');
  });

  it('is summed up under its title', () => {
    expect(pinnedChartSummary({ chartType: 'bar', query })).toBe(
      'Bar chart by week · Platform: ios, android · App version: 1.2.0',
    );
    expect(
      pinnedChartSummary({
        chartType: 'table',
        query: { ...query, granularity: 'day', platform: [], app_version: [] },
      }),
    ).toBe('Table by day');
  });
});
