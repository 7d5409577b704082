import { describe, expect, it } from 'vitest';

import { overviewFirstCalls } from './overview-calls';

const today = '2026-11-28';

describe("overviewFirstCalls: the overview's first calls for the view in its URL", () => {
  it.each([
    ['the default view: the last 30 days by day', '', { from: '2026-10-30', to: '2026-11-28', granularity: 'day' }],
    ['a preset and a granularity', '?range=last-7&granularity=week', { from: '2026-11-22', to: '2026-11-28', granularity: 'week' }],
    ['fixed days and filters', '?from=2026-01-01&to=2026-01-31&country=DE,FR&platform=ios', { from: '2026-01-01', to: '2026-01-31', granularity: 'day', platform: 'ios', country: 'DE,FR' }],
    ['a backwards range, which falls back to the default', '?from=2026-02-01&to=2026-01-01', { from: '2026-10-30', to: '2026-11-28', granularity: 'day' }],
  ])('%s', (_name, search, params) => {
    expect(overviewFirstCalls(search, today)).toEqual([
      { page: 'overview', params },
      { page: 'events', params },
      { page: 'filters', params: { from: params.from, to: params.to } },
    ]);
  });
});
