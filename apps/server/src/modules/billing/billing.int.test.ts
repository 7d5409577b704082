import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKeyList, LatestEvents } from '@questboard/shared/developer';
import type { Usage } from '@questboard/shared/billing';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';
import { sweepRetention } from '../events/retention';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const dayMs = 86_400_000;

describe.each(databaseTargets)('retention, analytics deletion, usage and quota on $name', (target) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;
  let key: string;
  let sent = 0;

  const event = (daysAgo: number, user = 'p1') => ({
    insert_id: `e-${sent++}`,
    name: 'level_start',
    user_id: user,
    timestamp: new Date(clock.now().getTime() - daysAgo * dayMs).toISOString(),
  });
  const ingest = (events: unknown[], ingestKey = key) =>
    t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': ingestKey, 'content-type': 'application/json' }, payload: { events } });
  const summary = async (id = projectId) =>
    (await core(t.app, owner.token, 'GET', `/core/projects/${id}/events/latest?limit=1`)).json<LatestEvents>().summary;
  const keyOf = async (id: string) => (await core(t.app, owner.token, 'GET', `/core/projects/${id}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;

  beforeEach(async () => {
    // The middle of a month, so "this month" holds the last two weeks.
    clock = manualClock(new Date('2026-11-16T12:00:00Z'));
    t = await createTestApp(target, { clock });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = await keyOf(projectId);
  });
  afterEach(async () => t.close());

  it('enforces retention: older events are deleted when it is set, and refused afterwards', async () => {
    expect((await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/data-settings`)).json()).toEqual({ eventRetentionDays: null });
    expect((await ingest([event(1), event(40), event(100)])).json()).toEqual({ accepted: 3, rejected: [] });

    const set = await core(t.app, owner.token, 'PUT', `/core/projects/${projectId}/data-settings`, { eventRetentionDays: 30 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ eventRetentionDays: 30 });
    expect((await summary()).totalEvents).toBe(1);

    const late = await ingest([event(31), event(2)]);
    expect(late.json()).toEqual({
      accepted: 1,
      rejected: [{ index: 0, insert_id: expect.any(String) as string, reason: "timestamp is older than this project's data retention of 30 days" }],
    });
    // Time passes: the sweep deletes what has grown too old.
    clock.advance(28.5 * dayMs);
    expect(await sweepRetention(t.database.db, t.events, clock)).toBe(1);
    expect((await t.events.summary(projectId)).totalEvents).toBe(1);
  });

  it.each([[0], [31], ['90'], [-30]])('refuses the retention %j with a clear message', async (value) => {
    const response = await core(t.app, owner.token, 'PUT', `/core/projects/${projectId}/data-settings`, { eventRetentionDays: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Retention must be one of 30, 90, 180, 365 or 730 days, or null to keep every event' });
  });

  it('deletes all analytics data of a project and nothing else; only owners and admins may', async () => {
    const other = await createProject(t.app, owner.token, 'Other Game');
    await ingest([event(1), event(2)]);
    await ingest([event(1)], await keyOf(other.id));
    const member = await addMember(t.app, owner.token, 'bob@pixel.example', 'member');
    const refused = await core(t.app, member.token, 'DELETE', `/core/projects/${projectId}/events`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_ROLE', message: "Only owners and admins can delete a project's analytics data." });
    expect((await core(t.app, member.token, 'PUT', `/core/projects/${projectId}/data-settings`, { eventRetentionDays: 90 })).statusCode).toBe(403);

    const deleted = await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/events`);
    expect(deleted.json()).toEqual({ deletedEvents: 2 });
    expect((await summary()).totalEvents).toBe(0);
    expect((await summary(other.id)).totalEvents).toBe(1);
    // The project and its key stay: new events arrive as before.
    expect((await ingest([event(0)])).json()).toMatchObject({ accepted: 1 });
  });

  it('reports usage per project and for the organisation, this month and per day', async () => {
    const other = await createProject(t.app, owner.token, 'Other Game');
    await ingest([event(0, 'p1'), event(3, 'p2'), event(20, 'p3')]);
    clock.advance(-2 * dayMs);
    await ingest([event(0, 'p1')]);
    clock.advance(2 * dayMs);
    await ingest([event(0, 'q1'), event(0, 'q2')], await keyOf(other.id));

    const usage = (await core(t.app, owner.token, 'GET', '/core/orgs/usage')).json<Usage>();
    expect(usage.monthStart).toBe('2026-11-01T00:00:00.000Z');
    expect(usage.nextMonthStart).toBe('2026-12-01T00:00:00.000Z');
    expect(usage.monthlyEventQuota).toBeNull();
    expect(usage.projects.map((p) => [p.name, p.eventsToday, p.eventsThisMonth, p.monthlyActivePlayers, p.storedEvents])).toEqual([
      ['Other Game', 2, 2, 2, 2],
      // p3 played 20 days ago (October): not a player of November.
      ['Pixel Quest', 3, 4, 2, 4],
    ]);
    expect(usage.organisation).toMatchObject({ eventsToday: 5, eventsThisMonth: 6, monthlyActivePlayers: 4, storedEvents: 6 });
    expect(usage.organisation.storageBytes).toBeGreaterThan(0);
    expect(usage.daily).toHaveLength(30);
    expect(usage.daily.at(-1)).toEqual({ day: '2026-11-16', events: 5 });
    expect(usage.daily.at(-3)).toEqual({ day: '2026-11-14', events: 1 });
    expect(usage.daily.filter((day) => day.events > 0)).toHaveLength(2);
  });

  it('enforces the monthly quota with a clear 429 once passed; only owners set it', async () => {
    const admin = await addMember(t.app, owner.token, 'cy@pixel.example', 'admin');
    expect((await core(t.app, admin.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 10 })).statusCode).toBe(403);
    expect((await core(t.app, owner.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 0 })).json()).toMatchObject({
      message: 'The quota must be a whole number of events from 1 to 2,000,000,000, or empty for no limit',
    });
    await ingest([event(0), event(0), event(0)]);
    expect((await core(t.app, owner.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 5 })).json()).toEqual({ monthlyEventQuota: 5 });

    expect((await ingest([event(0), event(0)])).statusCode).toBe(200);
    const refused = await ingest([event(0)]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: 'This organisation has used its monthly quota of 5 events. Ingestion resumes next month, or when an owner raises the quota on the billing page.',
    });
    expect(Number(refused.headers['retry-after'])).toBe((Date.parse('2026-12-01T00:00:00Z') - clock.now().getTime()) / 1000);
    // Every project of the organisation shares the quota.
    const other = await createProject(t.app, owner.token, 'Other Game');
    expect((await ingest([event(0)], await keyOf(other.id))).statusCode).toBe(429);
    expect((await core(t.app, owner.token, 'GET', '/core/orgs/usage')).json<Usage>().monthlyEventQuota).toBe(5);

    // Raising it lets ingestion continue; so does a new month.
    await core(t.app, owner.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 6 });
    expect((await ingest([event(0)])).statusCode).toBe(200);
    expect((await ingest([event(0)])).statusCode).toBe(429);
    await core(t.app, owner.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: null });
    expect((await ingest([event(0), event(0), event(0), event(0), event(0), event(0), event(0)])).statusCode).toBe(200);
    await core(t.app, owner.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 10 });
    expect((await ingest([event(0)])).statusCode).toBe(429);
    clock.advance(15 * dayMs);
    expect((await ingest([event(0)])).statusCode).toBe(200);
  });

  it("keeps organisations apart: another organisation's usage, settings and data are not reachable", async () => {
    await ingest([event(0)]);
    const stranger = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const [method, url, payload] of [
      ['GET', `/core/projects/${projectId}/data-settings`, undefined],
      ['PUT', `/core/projects/${projectId}/data-settings`, { eventRetentionDays: 30 }],
      ['DELETE', `/core/projects/${projectId}/events`, undefined],
    ] as const) {
      expect((await core(t.app, stranger.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = (await core(t.app, stranger.token, 'GET', '/core/orgs/usage')).json<Usage>();
    expect(theirs.projects).toEqual([]);
    expect(theirs.organisation.eventsThisMonth).toBe(0);
    await core(t.app, stranger.token, 'PUT', '/core/orgs/quota', { monthlyEventQuota: 1 });
    expect((await ingest([event(0), event(0)])).statusCode).toBe(200);
    expect((await summary()).totalEvents).toBe(3);
  });
});
