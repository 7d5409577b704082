import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Levels } from '@questboard/shared/analytics-levels';
import type { Economy } from '@questboard/shared/analytics-economy';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, organisationWithEveryRole, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The level and economy calls over HTTP (issue 17): every role reads them, another organisation
// reaches nothing, a bad query is a 400 with a message. The figures are proven in
// game-design.int.test.ts.
describe.each(databaseTargets)('level and economy calls on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof organisationWithEveryRole>>['tokens'];
  let projectId: string;
  const view = 'from=2026-11-10&to=2026-11-16';

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T12:00:00Z')) });
    ({ tokens } = await organisationWithEveryRole(t.app));
    projectId = (await createProject(t.app, tokens.owner, 'Pixel Quest')).id;
    const key = (await core(t.app, tokens.owner, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const events = [
      { insert_id: 'l1', name: 'level_start', user_id: 'ada', timestamp: '2026-11-12T10:00:00Z', properties: { level: 1 } },
      { insert_id: 'l2', name: 'level_complete', user_id: 'ada', timestamp: '2026-11-12T10:02:00Z', properties: { level: 1, duration_s: 120 } },
      { insert_id: 'r1', name: 'resource', user_id: 'ada', timestamp: '2026-11-12T10:03:00Z', properties: { flow: 'source', virtual_currency: 'coins', amount: 50, balance: 250 } },
    ];
    const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
    expect(response.json()).toMatchObject({ accepted: 3 });
  });
  afterEach(async () => t.close());

  it('answers every role of the organisation', async () => {
    for (const token of Object.values(tokens)) {
      const levels = await core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/levels?${view}`);
      expect(levels.statusCode).toBe(200);
      expect(levels.json<Levels>().levels).toEqual([
        { level: '1', starts: 1, completes: 1, fails: 0, failRate: 0, attemptsPerCompletion: 1, medianDurationS: 120, players: 1, churned: 0 },
      ]);
      const economy = await core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/economy?${view}&virtual_currency=coins`);
      expect(economy.statusCode).toBe(200);
      expect(economy.json<Economy>()).toMatchObject({ currency: 'coins', totals: { sources: 50, net: 50 }, balanceByLevel: [{ level: '1', medianBalance: 250 }] });
      expect(economy.json<Economy>().incomplete).toEqual(['2026-11-16']);
    }
  });

  it("keeps another organisation's project out of reach", async () => {
    const stranger = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const page of ['levels', 'economy']) {
      const response = await core(t.app, stranger.token, 'GET', `/core/projects/${projectId}/analytics/${page}?${view}`);
      expect(response.statusCode, page).toBe(404);
      expect(response.json<{ code: string }>().code, page).toBe('PROJECT_NOT_FOUND');
    }
    // Their own project sees none of these events.
    const own = (await createProject(t.app, stranger.token, 'Rival Quest')).id;
    const levels = await core(t.app, stranger.token, 'GET', `/core/projects/${own}/analytics/levels?${view}`);
    expect(levels.json<Levels>().levels).toEqual([]);
  });

  it('refuses bad queries with a message, never a 500', async () => {
    const cases: [string, string][] = [
      ['levels?from=2026-11-16&to=2026-11-10', 'from must not be after to'],
      ['levels?from=yesterday&to=2026-11-16', 'from must be a date as YYYY-MM-DD'],
      ['economy?from=2026-02-30&to=2026-03-02', 'from must be a real calendar date'],
      [`economy?${view}&virtual_currency=${'g'.repeat(65)}`, 'virtual_currency must be at most 64 characters'],
      [`economy?${view}&virtual_currency=%00gems`, 'virtual_currency must not contain NUL characters'],
      [`economy?${view}&granularity=hour`, 'granularity must be day, week or month'],
    ];
    for (const [query, message] of cases) {
      const response = await core(t.app, tokens.member, 'GET', `/core/projects/${projectId}/analytics/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string; code: string }>().message, query).toContain(message);
    }
    // SQL-looking text is a currency name like any other: answered, nothing counted.
    const injected = await core(t.app, tokens.member, 'GET', `/core/projects/${projectId}/analytics/economy?${view}&virtual_currency=${encodeURIComponent("coins' OR 1=1 --")}`);
    expect(injected.statusCode).toBe(200);
    expect(injected.json<Economy>().totals.sources).toBe(0);
  });
});
