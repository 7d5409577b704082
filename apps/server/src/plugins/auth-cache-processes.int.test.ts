import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../test/databases';
import { createTestApp } from '../../test/test-app';
import { startSecondServer, type SecondServer } from '../../test/second-server';
import { addMember, core, signUpOwner } from '../../test/organisation-helpers';
import { createProject } from '../../test/project-helpers';
import type { App } from '../app';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

function ingest(app: App, key: string) {
  const event = { insert_id: randomUUID(), name: 'level_start', user_id: 'player-1', timestamp: new Date().toISOString() };
  return app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events: [event] } });
}

/**
 * Two servers on one PostgreSQL database, each with its own caches: a change made through one is
 * refused by the other on its very next request (ADR 019; docs/product/security-cases.md case 23).
 */
describe.skipIf(!postgres)('the state cache across two processes on PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof createTestApp>>;
  let second: SecondServer;

  beforeEach(async () => {
    first = await createTestApp(postgres!);
    second = await startSecondServer(first);
  });

  afterEach(async () => {
    await second.close();
    await first.close();
  });

  it('a removed member, a lowered role, a revoked key and a signed-out session are refused by the other server at once', async () => {
    const a = first.app;
    const b = second.app;
    const ada = await signUpOwner(a, 'ada@pixel.example', 'Pixel Forge');
    const grace = await addMember(a, ada.token, 'grace@pixel.example', 'admin');
    const bob = await addMember(a, ada.token, 'bob@pixel.example', 'member');
    const project = await createProject(a, ada.token, 'Pixel Quest');
    const [key] = (await core(a, ada.token, 'GET', `/core/projects/${project.id}/ingest-keys`)).json<IngestKeyList>().keys;

    const steps: { name: string; probe: () => Promise<number>; before: number; change: () => Promise<{ statusCode: number }>; after: number }[] = [
      {
        name: 'removed member',
        probe: async () => (await core(b, bob.token, 'GET', '/core/projects/all')).statusCode,
        before: 200,
        change: () => core(a, ada.token, 'DELETE', `/core/orgs/members/${bob.userId}`),
        after: 403,
      },
      {
        name: 'lowered role',
        probe: async () => (await core(b, grace.token, 'DELETE', `/core/projects/${project.id}/ingest-keys/${randomUUID()}`)).statusCode,
        before: 404,
        change: () => core(a, ada.token, 'PUT', `/core/orgs/members/${grace.userId}`, { role: 'member' }),
        after: 403,
      },
      {
        name: 'revoked key',
        probe: async () => (await ingest(b, key!.key)).statusCode,
        before: 200,
        change: () => core(a, ada.token, 'DELETE', `/core/projects/${project.id}/ingest-keys/${key!.id}`),
        after: 401,
      },
      {
        name: 'signed-out session',
        probe: async () => (await core(b, ada.token, 'GET', '/core/orgs/info')).statusCode,
        before: 200,
        change: () =>
          a.inject({
            method: 'POST',
            url: '/auth/v1/sign-out',
            cookies: { qb_refresh: ada.refreshToken },
            headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
          }),
        after: 401,
      },
    ];

    for (const step of steps) {
      expect(await step.probe(), `${step.name}: before`).toBe(step.before);
      expect(await step.probe(), `${step.name}: before, cached`).toBe(step.before);
      expect((await step.change()).statusCode, `${step.name}: the change`).toBeLessThan(300);
      expect(await step.probe(), `${step.name}: on the other server`).toBe(step.after);
    }
  });
});
