import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hourlyRangeMessage, type Explore } from '@questboard/shared/analytics-explore';
import type { Dashboard } from '@questboard/shared/analytics-dashboard';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../../test/databases';
import { createTestApp } from '../../../../test/test-app';
import { core, signUpOwner } from '../../../../test/organisation-helpers';
import { createProject } from '../../../../test/project-helpers';
import { manualClock } from '../../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The explorer's issue 17 options over HTTP (ADR 026) on both databases: property breakdowns,
// filters, series, formulas and hours reach the client; bad input is a 400 with the shared message;
// property keys and values made of SQL are refused or treated as data (security case 26); pinned
// charts keep every option.
describe.each(databaseTargets)('explorer options on $name', (target) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  let sent = 0;

  const event = (user: string, at: string, name: string, properties: Record<string, unknown>) => ({
    insert_id: `e-${sent++}`,
    name,
    user_id: user,
    timestamp: at,
    platform: 'ios',
    properties,
  });
  const explore = (query: string, range = 'from=2026-11-14&to=2026-11-16') =>
    core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/explore?${range}&${query}`);
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T12:30:00Z')) });
    token = (await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge')).token;
    projectId = (await createProject(t.app, token, 'Pixel Quest')).id;
    const key = (await core(t.app, token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const events = [
      event('a', '2026-11-15T10:05:00Z', 'level_start', { level: 1 }),
      event('a', '2026-11-15T10:20:00Z', 'level_fail', { level: 1, $1: 'dollar' }),
      event('b', '2026-11-16T09:00:00Z', 'level_start', { level: 2 }),
      event('b', '2026-11-16T09:10:00Z', 'level_fail', { level: 2 }),
      event('c', '2026-11-16T11:00:00Z', 'level_start', { level: 2 }),
      event('c', '2026-11-16T11:02:00Z', 'level_fail', { level: 2, "it's": "x' OR '1'='1" }),
    ];
    const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
    expect(response.json()).toMatchObject({ accepted: events.length });
  });
  afterEach(async () => t.close());

  it('charts level_fail by level, level starts beside it, and fails per start', async () => {
    const response = await explore(`event=level_fail&breakdown=property&breakdown_property=level&series=${json([{ event: 'level_start' }])}&formula=A%20%2F%20B`);
    expect(response.statusCode).toBe(200);
    const answer = response.json<Explore>();
    const totals = answer.series.map((series) => [series.source, series.label, series.total]);
    expect(totals).toEqual([
      ['A', 'A · 1', 1],
      ['A', 'A · 2', 2],
      ['B', 'B · 1', 1],
      ['B', 'B · 2', 2],
      ['formula', 'A / B · 1', 1],
      ['formula', 'A / B · 2', 1],
    ]);
    // Nothing on 11-14: 0 fails over 0 starts is a gap, not NaN or Infinity.
    expect(answer.series[4]!.points[0]).toEqual({ date: '2026-11-14', value: null });
  });

  it('counts by hour in UTC; the hour under way is incomplete', async () => {
    const answer = (await explore('event=level_start&granularity=hour')).json<Explore>();
    expect(answer.series[0]!.points).toHaveLength(72);
    expect(answer.series[0]!.points.filter((point) => point.value !== 0)).toEqual([
      { date: '2026-11-15T10:00:00Z', value: 1 },
      { date: '2026-11-16T09:00:00Z', value: 1 },
      { date: '2026-11-16T11:00:00Z', value: 1 },
    ]);
    expect(answer.incomplete[0]).toBe('2026-11-16T12:00:00Z');
    expect(answer.incomplete).toHaveLength(12);
  });

  it.each([
    ['hours over 8 days', 'granularity=hour&from=2026-11-09&to=2026-11-16', hourlyRangeMessage],
    ['a property key made of SQL', `breakdown=property&breakdown_property=${encodeURIComponent("level'); DROP TABLE users; --")}`, 'property must be a property key'],
    ['filters that are not JSON', 'filters=%7Bnope', 'filters must be JSON'],
    ['a filter key made of SQL', `filters=${json([{ key: "x' OR 1=1 --", op: 'set' }])}`, 'filter key must be a property key'],
    ['an unknown operator', `filters=${json([{ key: 'level', op: 'raw', values: ['1'] }])}`, 'op must be one of'],
    ['a formula with code in it', `formula=${encodeURIComponent('constructor.constructor("x")()')}`, 'Formula:'],
    ['a formula over a missing series', 'formula=B', 'Formula: there is no series B'],
    ['six series', `series=${json([{}, {}, {}, {}, {}])}`, 'at most 5 series'],
  ])('refuses %s with a 400 and the shared message', async (_name, query, message) => {
    const response = await explore(query, query.includes('from=') ? '' : undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string; code: string }>().message).toContain(message);
  });

  it('treats keys and values made of SQL as data (security case 26)', async () => {
    // A key that looks like a parameter, and a value that looks like a condition, match only themselves.
    const dollar = (await explore(`event=level_fail&filters=${json([{ key: '$1', op: 'eq', values: ['dollar'] }])}`)).json<Explore>();
    expect(dollar.series[0]!.total).toBe(1);
    const injected = (await explore(`event=level_fail&filters=${json([{ key: 'level', op: 'eq', values: ["1' OR '1'='1"] }])}`)).json<Explore>();
    expect(injected.series[0]!.total).toBe(0);
    const quoted = (await explore(`event=level_fail&breakdown=property&breakdown_property=%241`)).json<Explore>();
    expect(quoted.series.map((series) => [series.label, series.total])).toEqual([
      ['(not set)', 2],
      ['dollar', 1],
    ]);
    // The events are all still there.
    expect((await explore('')).json<Explore>().series[0]!.total).toBe(6);
  });

  it('pins a chart with every option and reads it back', async () => {
    const query = {
      event: 'level_fail',
      measure: 'count',
      breakdown: 'property',
      breakdown_property: 'level',
      granularity: 'hour',
      filters: [{ key: 'level', op: 'gte', values: ['2'] }],
      series: [{ event: 'level_start', measure: 'users', filters: [] }],
      formula: 'A / B',
    };
    const pinned = await core(t.app, token, 'POST', `/core/projects/${projectId}/dashboard/charts`, { title: 'Fails per start', chartType: 'line', query });
    expect(pinned.json()).toMatchObject({ title: 'Fails per start' });
    expect(pinned.statusCode).toBe(201);
    const dashboard = (await core(t.app, token, 'GET', `/core/projects/${projectId}/dashboard`)).json<Dashboard>();
    expect(dashboard.charts[0]!.query).toMatchObject({ ...query, series: [{ event: 'level_start', measure: 'users', property: null, filters: [] }] });
    const refused = await core(t.app, token, 'POST', `/core/projects/${projectId}/dashboard/charts`, { title: 'Bad', chartType: 'line', query: { ...query, formula: 'A / Z' } });
    expect(refused.statusCode).toBe(400);
  });
});
