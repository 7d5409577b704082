import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rangeMessages } from '@questboard/shared/analytics-view';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { Player } from '@questboard/shared/analytics-player';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import { DASHBOARD_MAX_CHARTS, type Dashboard, type DashboardChart } from '@questboard/shared/analytics-dashboard';
import { analyticsMessages } from '@questboard/shared/analytics-messages';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The analytics and dashboard calls over HTTP (issue 8): tenant isolation, validation, the figures
// reaching the client, and the dashboard's pins, order and limit. The figures themselves are proven
// in metrics.int.test.ts and metrics-reference.int.test.ts.
describe.each(databaseTargets)('analytics and dashboard calls on $name', (target) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;
  let sent = 0;

  const ingest = async (id: string, events: unknown[]) => {
    const key = (await core(t.app, owner.token, 'GET', `/core/projects/${id}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
    expect(response.json()).toMatchObject({ accepted: events.length });
  };
  const event = (user: string, at: string, extra: Record<string, unknown> = {}) => ({
    insert_id: `e-${sent++}`,
    name: 'level_start',
    user_id: user,
    timestamp: at,
    platform: 'ios',
    ...extra,
  });
  const view = 'from=2026-11-10&to=2026-11-16';
  const pin = (title = 'Level starts', body: Record<string, unknown> = {}) =>
    core(t.app, owner.token, 'POST', `/core/projects/${projectId}/dashboard/charts`, {
      title,
      chartType: 'line',
      query: { event: 'level_start', measure: 'count', breakdown: 'none', granularity: 'day', ...body },
    });

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T12:00:00Z')) });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
  });
  afterEach(async () => t.close());

  it('answers the overview from stored events, with the view in the query string', async () => {
    await ingest(projectId, [
      event('a', '2026-11-15T10:00:00Z'),
      event('a', '2026-11-16T09:00:00Z', { name: 'purchase', revenue_amount: 4.99, currency: 'EUR', product_id: 'gems' }),
      event('b', '2026-11-16T09:30:00Z', { platform: 'android' }),
    ]);
    const response = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/overview?${view}`);
    expect(response.statusCode).toBe(200);
    const overview = response.json<Overview>();
    expect(overview.range).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    // Today (11-16) is not over: the cards cover the days before it, the series include it.
    expect(overview.cardRange).toEqual({ from: '2026-11-10', to: '2026-11-15' });
    expect(overview.previousRange).toEqual({ from: '2026-11-04', to: '2026-11-09' });
    expect(overview.incomplete).toEqual(['2026-11-16']);
    // Reported in USD, the default, with no rates yet: the EUR purchase is left out and said so (ADR 011).
    expect(overview.currency).toBe('USD');
    expect(overview.excludedPurchases).toEqual([{ currency: 'EUR', purchases: 1, amount: 4.99 }]);
    expect(overview.totalEvents).toBe(3);
    const card = (key: string) => overview.cards.find((item) => item.key === key);
    expect(card('new-users')?.value).toBe(1);
    expect(card('new-users')?.series.at(-1)).toEqual({ date: '2026-11-16', value: 1 });
    expect(card('revenue')?.series.at(-1)?.value).toBe(0);
    expect(card('mau')?.value).toBe(1);

    const ios = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/overview?${view}&platform=ios`)).json<Overview>();
    expect(ios.totalEvents).toBe(2);
    expect(ios.cards.find((item) => item.key === 'new-users')?.value).toBe(1);
  });

  it('at 06:00 compares complete days only and marks today, and this week, as so far', async () => {
    await t.close();
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T06:00:00Z')) });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    // The same whole day in both ranges (11-08 and 11-15: four players, a purchase of 2), and six
    // hours of today with one player: compared with a whole day, DAU fell 75% and revenue 100%.
    const day = (date: string) => [
      ...['p1', 'p2', 'p3', 'p4'].map((user, index) => event(user, `${date}T${10 + index}:00:00Z`)),
      event('p1', `${date}T20:00:00Z`, { name: 'purchase', revenue_amount: 2, currency: 'EUR' }),
    ];
    await ingest(projectId, [...day('2026-11-08'), ...day('2026-11-15'), event('p1', '2026-11-16T05:00:00Z')]);
    const overview = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/overview?${view}`)).json<Overview>();
    expect(overview.cardRange).toEqual({ from: '2026-11-10', to: '2026-11-15' });
    expect(overview.previousRange).toEqual({ from: '2026-11-04', to: '2026-11-09' });
    const card = (key: string) => overview.cards.find((item) => item.key === key)!;
    for (const key of ['dau', 'sessions', 'revenue', 'arpdau']) expect(card(key).value, key).toBe(card(key).previous);
    expect(card('dau').series.at(-1)).toEqual({ date: '2026-11-16', value: 1 });
    expect(overview.incomplete).toEqual(['2026-11-16']);

    // Every series answer says which buckets are so far: today, and by week the week cut by the
    // range's start (Tuesday 11-10) and this week (Monday 11-16).
    for (const page of ['overview', 'players', 'revenue', 'engagement', 'explore']) {
      const daily = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/${page}?${view}`)).json<{ incomplete: string[] }>();
      expect(daily.incomplete, page).toEqual(['2026-11-16']);
      const weekly = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/${page}?${view}&granularity=week`)).json<{ incomplete: string[] }>();
      expect(weekly.incomplete, page).toEqual(['2026-11-10', '2026-11-16']);
    }
    const past = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/players?from=2026-11-02&to=2026-11-15&granularity=week`)).json<{ incomplete: string[] }>();
    expect(past.incomplete).toEqual([]);
  });

  it('answers every analytics page of an empty project with zeros, not an error', async () => {
    for (const page of ['overview', 'players', 'revenue', 'retention', 'engagement', 'explore', 'events', 'filters']) {
      const response = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/${page}?${view}`);
      expect(response.statusCode, page).toBe(200);
    }
    const retention = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/retention?${view}&mode=rolling`)).json<Retention>();
    expect(retention).toMatchObject({ mode: 'rolling', cohorts: [] });
  });

  it('refuses bad views with a message, and never answers 500', async () => {
    const cases: [string, string][] = [
      ['from=2026-11-16&to=2026-11-10', rangeMessages.order],
      ['from=2025-01-01&to=2026-11-16', rangeMessages.tooLong],
      ['from=2026-02-30&to=2026-03-02', 'from must be a real calendar date'],
      ['from=yesterday&to=2026-11-16', 'from must be a date as YYYY-MM-DD'],
      [`${view}&granularity=hour`, 'granularity must be day, week or month'],
      [`${view}&platform=${'x,'.repeat(21)}`, 'platform may list at most 20 values'],
    ];
    for (const [query, message] of cases) {
      const response = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/overview?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
    const explore = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/explore?${view}&measure=sum`);
    expect(explore.statusCode).toBe(400);
    expect(explore.json<{ message: string }>().message).toContain('Choose a numeric property to sum or average');
    const injected = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/explore?${view}&measure=sum&property=${encodeURIComponent("x') OR 1=1 --")}`);
    expect(injected.statusCode).toBe(400);
  });

  it("keeps another organisation's project and players out of reach", async () => {
    await ingest(projectId, [event('secret-player', '2026-11-16T10:00:00Z')]);
    const stranger = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const path of ['analytics/overview', 'analytics/players/secret-player', 'dashboard']) {
      const response = await core(t.app, stranger.token, 'GET', `/core/projects/${projectId}/${path}?${view}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ code: string }>().code, path).toBe('PROJECT_NOT_FOUND');
    }
    const pinned = await core(t.app, stranger.token, 'POST', `/core/projects/${projectId}/dashboard/charts`, {
      title: 'x',
      chartType: 'line',
      query: { measure: 'count' },
    });
    expect(pinned.statusCode).toBe(404);
  });

  it('looks up one player, and says so when there is none', async () => {
    await ingest(projectId, [event('ada-7', '2026-11-16T10:00:00Z', { session_id: 's1' }), event('ada-7', '2026-11-16T10:05:00Z', { session_id: 's1' })]);
    const found = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/players/ada-7`);
    expect(found.statusCode).toBe(200);
    expect(found.json<Player>()).toMatchObject({ userId: 'ada-7', events: 2, sessions: 1, platform: 'ios' });
    const missing = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/players/nobody`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PLAYER_NOT_FOUND', message: analyticsMessages.playerNotFound });
  });

  it('pins charts, keeps their order, re-orders and removes them, for every member', async () => {
    const first = (await pin('Level starts')).json<DashboardChart>();
    const member = await addMember(t.app, owner.token, 'ben@pixel.example', 'member');
    const second = await core(t.app, member.token, 'POST', `/core/projects/${projectId}/dashboard/charts`, {
      title: '  Buyers by platform ',
      chartType: 'bar',
      query: { event: 'purchase', measure: 'users', breakdown: 'platform', granularity: 'week', platform: ['ios'] },
    });
    expect(second.statusCode).toBe(201);
    const secondChart = second.json<DashboardChart>();
    expect(secondChart).toMatchObject({
      title: 'Buyers by platform',
      chartType: 'bar',
      query: { event: 'purchase', measure: 'users', property: null, breakdown: 'platform', granularity: 'week', platform: ['ios'], country: [], app_version: [] },
    });
    const dashboard = () => core(t.app, owner.token, 'GET', `/core/projects/${projectId}/dashboard`).then((r) => r.json<Dashboard>());
    expect((await dashboard()).charts.map((chart) => chart.id)).toEqual([first.id, secondChart.id]);

    const reordered = await core(t.app, member.token, 'PUT', `/core/projects/${projectId}/dashboard/order`, { chartIds: [secondChart.id, first.id] });
    expect(reordered.statusCode).toBe(200);
    expect((await dashboard()).charts.map((chart) => chart.id)).toEqual([secondChart.id, first.id]);

    // An order that leaves a chart out, or lists one twice, changes nothing.
    for (const chartIds of [[first.id], [first.id, first.id], [first.id, crypto.randomUUID()]]) {
      const refused = await core(t.app, owner.token, 'PUT', `/core/projects/${projectId}/dashboard/order`, { chartIds });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'CHART_ORDER_MISMATCH' });
    }
    expect((await dashboard()).charts.map((chart) => chart.id)).toEqual([secondChart.id, first.id]);

    expect((await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/dashboard/charts/${secondChart.id}`)).statusCode).toBe(204);
    const again = await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/dashboard/charts/${secondChart.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'CHART_NOT_FOUND' });
    expect((await dashboard()).charts.map((chart) => chart.id)).toEqual([first.id]);
  });

  it('refuses bad pins and holds at most 24 charts', async () => {
    for (const [body, message] of [
      [{ title: ' ', chartType: 'line', query: {} }, 'Chart title is required'],
      [{ title: 'x'.repeat(81), chartType: 'line', query: {} }, 'Chart title must be at most 80 characters'],
      [{ title: 'Sum', chartType: 'line', query: { measure: 'sum' } }, 'Choose a numeric property to sum or average'],
      [{ title: 'Pie', chartType: 'pie', query: {} }, 'chartType must be line, bar or table'],
    ] as const) {
      const response = await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/dashboard/charts`, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    for (let index = 0; index < DASHBOARD_MAX_CHARTS; index += 1) expect((await pin(`Chart ${index}`)).statusCode).toBe(201);
    const full = await pin('One too many');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'DASHBOARD_FULL', message: analyticsMessages.dashboardFull });
  });
});
