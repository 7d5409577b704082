import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@questboard/shared/analytics-dashboard';
import { databaseTextMessage } from '@questboard/shared/database-text';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Issue 21: NUL and lone surrogates reached PostgreSQL and came back as a 500. Now the schemas refuse
// them with a 400 and a message, or, for ingestion, with a reason for that one event.
const unstorable = [
  ['NUL', 'Boss\u0000fight'],
  ['a lone surrogate', 'Boss \ud800 fight'],
] as const;

describe.each(databaseTargets)('text the databases cannot store, on $name', (target) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
  });
  afterAll(async () => t.close());

  const pin = (title: string, event: string) =>
    core(t.app, owner.token, 'POST', `/core/projects/${projectId}/dashboard/charts`, {
      title,
      chartType: 'line',
      query: { event, measure: 'count', breakdown: 'none', granularity: 'day' },
    });

  it.each(unstorable)("refuses %s in a dashboard chart's title and event with a 400, pinning nothing", async (_label, text) => {
    for (const [response, message] of [
      [await pin(text, 'level_start'), databaseTextMessage('The title')],
      [await pin('Level starts', text), databaseTextMessage('event')],
    ] as const) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const dashboard = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/dashboard`);
    expect(dashboard.json<Dashboard>().charts).toEqual([]);
  });

  it('refuses NUL in the explorer and the player lookup with a 400', async () => {
    for (const url of [
      `/core/projects/${projectId}/analytics/explore?from=2026-05-01&to=2026-05-07&event=%00`,
      `/core/projects/${projectId}/analytics/players/boss%00fight`,
    ]) {
      const response = await core(t.app, owner.token, 'GET', url);
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('refuses a lone surrogate in a URL path (its invalid UTF-8 bytes) with a 400, never a 500', async () => {
    const response = await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/analytics/players/boss%ED%A0%80`);
    expect(response.statusCode).toBe(400);
  });

  it('rejects only the events holding such text, with a reason each, and stores the rest', async () => {
    const key = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const event = (id: string, extra: Record<string, unknown> = {}) => ({
      insert_id: id,
      name: 'level_start',
      user_id: 'p-1',
      timestamp: new Date().toISOString(),
      ...extra,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/batch',
      headers: { 'x-ingest-key': key },
      payload: {
        events: [
          event('fine'),
          event('nul-name', { name: 'boss\u0000fight' }),
          event('lone-name', { name: 'boss\ud800fight' }),
          event('lone-value', { properties: { boss: 'dragon\udc00' } }),
          event('nul-value', { properties: { boss: 'dragon\u0000' } }),
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, insert_id: 'nul-name', reason: 'name must not contain control characters' },
        { index: 2, insert_id: 'lone-name', reason: databaseTextMessage('name') },
        { index: 3, insert_id: 'lone-value', reason: databaseTextMessage('property "boss"') },
        { index: 4, insert_id: 'nul-value', reason: databaseTextMessage('property "boss"') },
      ],
    });
  });
});
