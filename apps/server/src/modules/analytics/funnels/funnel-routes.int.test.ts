import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { funnelMessages, type Funnel, type FunnelPlayers } from '@questboard/shared/analytics-funnels';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../../test/databases';
import { createTestApp } from '../../../../test/test-app';
import { core, hostileText, organisationWithEveryRole, signUpOwner } from '../../../../test/organisation-helpers';
import { createProject } from '../../../../test/project-helpers';
import { manualClock } from '../../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The funnel calls over HTTP (issue 17, ADR 027): every role reads them, another organisation never
// does, and a mistaken funnel gets a 400 with a message. The counting is proven against the
// reference in funnel-reference.int.test.ts.
describe.each(databaseTargets)('funnel calls on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof organisationWithEveryRole>>['tokens'];
  let projectId: string;
  const view = 'from=2026-11-10&to=2026-11-16';
  const steps = (...names: string[]) => encodeURIComponent(JSON.stringify(names.map((event) => ({ event }))));
  const funnelUrl = (query: string) => `/core/projects/${projectId}/analytics/funnel?${view}&${query}`;

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T12:00:00Z')) });
    ({ tokens } = await organisationWithEveryRole(t.app));
    projectId = (await createProject(t.app, tokens.owner, 'Pixel Quest')).id;
    const key = (await core(t.app, tokens.owner, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const event = (id: string, user: string, name: string, timestamp: string) => ({ insert_id: id, user_id: user, name, timestamp, platform: 'ios' });
    const events = [
      event('1', 'ada', 'install', '2026-11-15T10:00:00Z'),
      event('2', 'ada', 'tutorial_complete', '2026-11-15T10:02:00Z'),
      event('3', 'bob', 'install', '2026-11-15T11:00:00Z'),
    ];
    const sent = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
    expect(sent.json()).toMatchObject({ accepted: 3 });
  });
  afterEach(async () => t.close());

  it('answers every role with the funnel and the players who dropped', async () => {
    for (const token of Object.values(tokens)) {
      const response = await core(t.app, token, 'GET', funnelUrl(`steps=${steps('install', 'tutorial_complete')}&window=60`));
      expect(response.statusCode).toBe(200);
      const funnel = response.json<Funnel>();
      expect(funnel.steps.map((step) => step.players)).toEqual([2, 1]);
      expect(funnel.steps[1]).toMatchObject({ fromPrevious: 0.5, dropped: 1, medianSeconds: 120 });
      expect(funnel.trend.find((point) => point.date === '2026-11-15')).toEqual({ date: '2026-11-15', entered: 2, converted: 1, conversion: 0.5 });
      expect(funnel.incomplete).toEqual(['2026-11-16']);
      const dropped = await core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/funnel/players?${view}&steps=${steps('install', 'tutorial_complete')}&step=2`);
      expect(dropped.statusCode).toBe(200);
      expect(dropped.json<FunnelPlayers>()).toEqual({
        total: 1,
        players: [{ userId: 'bob', enteredAt: '2026-11-15T11:00:00.000Z', lastStepAt: '2026-11-15T11:00:00.000Z' }],
      });
    }
  });

  it("keeps another organisation's funnel and players out of reach", async () => {
    const stranger = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const path of ['funnel', 'funnel/players']) {
      const response = await core(t.app, stranger.token, 'GET', `/core/projects/${projectId}/analytics/${path}?${view}&steps=${steps('install', 'tutorial_complete')}&step=2`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ code: string }>().code, path).toBe('PROJECT_NOT_FOUND');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: funnelUrl(`steps=${steps('install', 'tutorial_complete')}`) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a mistaken funnel with a 400 and a message, never a 500', async () => {
    const filtered = (filter: unknown) => encodeURIComponent(JSON.stringify([{ event: 'install', filters: [filter] }, { event: 'tutorial_complete' }]));
    const cases: [string, string][] = [
      [`steps=${steps('install')}`, funnelMessages.stepCount],
      [`steps=${steps(...Array.from({ length: 11 }, (_, index) => `e${index}`))}`, funnelMessages.stepCount],
      [`steps=${steps('install', 'tutorial_complete')}&window=129601`, funnelMessages.window],
      [`steps=${steps('install', 'tutorial_complete')}&window=0`, funnelMessages.window],
      [`steps=${steps('install', 'tutorial_complete')}&window=1.5`, funnelMessages.window],
      [`steps=${filtered({ property: 'level', operator: 'like', value: '%' })}`, funnelMessages.operator],
      [`steps=${filtered({ property: "x') OR 1=1 --", operator: 'eq', value: '1' })}`, funnelMessages.property],
      [`steps=${filtered({ property: 'level', operator: 'gt', value: '3' })}`, 'A comparison needs a number'],
      [`steps=${filtered({ property: 'level', operator: 'eq', value: hostileText.control.replace('\u0007', '') })}`, 'must not contain NUL characters'],
      [`steps=${encodeURIComponent('[{"event": "install"},')}`, funnelMessages.stepsJson],
      [`steps=${encodeURIComponent('{"event": "install"}')}`, funnelMessages.stepsJson],
      [`steps=${encodeURIComponent('[{"event": ""}, {"event": "x"}]')}`, 'Each step needs an event name'],
      [`steps=${steps('install', 'tutorial_complete')}&breakdown=property`, funnelMessages.breakdownProperty],
      [`steps=${steps('install', 'tutorial_complete')}&order=exact`, 'order must be strict or any'],
      ['', funnelMessages.stepsJson],
    ];
    for (const [query, message] of cases) {
      const response = await core(t.app, tokens.member, 'GET', funnelUrl(query));
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
    for (const query of ['step=1', 'step=3', 'step=2&limit=1001', 'step=2&offset=-1']) {
      const response = await core(t.app, tokens.member, 'GET', `/core/projects/${projectId}/analytics/funnel/players?${view}&steps=${steps('install', 'tutorial_complete')}&${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
