import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../test/databases';
import { createTestApp } from '../../test/test-app';
import { refresh } from '../../test/identity-helpers';
import { addMember, core, invite, signUp, signUpOwner } from '../../test/organisation-helpers';
import { createProject, description } from '../../test/project-helpers';
import { organisations } from '../db/schema';
import { manualClock } from '../lib/clock';
import type { App } from '../app';
import { refreshGraceMs } from '../modules/identity/refresh-tokens';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const sameOrigin = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };

function ingest(app: App, key: string) {
  const event = { insert_id: randomUUID(), name: 'level_start', user_id: 'player-1', timestamp: new Date().toISOString() };
  return app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events: [event] } });
}

async function firstKey(app: App, token: string, projectId: string) {
  const keys = (await core(app, token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys;
  return keys[0]!;
}

const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;

/**
 * Every change that decides who may do what, each made through the product (or straight in the
 * database), is seen by the very next request although the answer before it came from the cache
 * (ADR 019; docs/product/security-cases.md case 23). `probe` runs twice before the change, so the
 * second answer is a cached one.
 */
describe.each(databaseTargets)('the state cache on $name', (target) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    clock = manualClock(new Date());
    t = await createTestApp(target, { clock });
  });
  afterEach(async () => t.close());

  it('every change to members, roles, keys, projects, accounts and sessions is seen by the next request', async () => {
    const app = t.app;
    const ada = await signUpOwner(app, 'ada@pixel.example', 'Pixel Forge');
    const grace = await addMember(app, ada.token, 'grace@pixel.example', 'admin');
    const bob = await addMember(app, ada.token, 'bob@pixel.example', 'member');
    const carol = await signUp(app, 'carol@pixel.example');
    const dave = await signUp(app, 'dave@pixel.example');
    const project = await createProject(app, ada.token, 'Pixel Quest');
    const key = await firstKey(app, ada.token, project.id);
    const doomed = await createProject(app, ada.token, 'Doomed Quest');
    const doomedKey = await firstKey(app, ada.token, doomed.id);
    const listed = async (token: string) =>
      (await core(app, token, 'GET', '/core/projects/all')).json<{ _embedded: { projects: { name: string }[] } }>()._embedded.projects.map((p) => p.name);

    const steps: { name: string; probe: () => Promise<unknown>; before: unknown; change: () => Promise<unknown>; after: unknown }[] = [
      {
        name: 'a project created is listed',
        probe: () => listed(bob.token),
        before: ['Doomed Quest', 'Pixel Quest'],
        change: () => createProject(app, ada.token, 'Alpha Quest'),
        after: ['Alpha Quest', 'Doomed Quest', 'Pixel Quest'],
      },
      {
        name: 'a project renamed is listed by its new name',
        probe: () => listed(bob.token),
        before: ['Alpha Quest', 'Doomed Quest', 'Pixel Quest'],
        change: () => core(app, ada.token, 'PUT', `/core/projects/${project.id}`, { name: 'Zeta Quest', description: description() }),
        after: ['Alpha Quest', 'Doomed Quest', 'Zeta Quest'],
      },
      {
        name: 'a revoked ingestion key is refused',
        probe: () => status(ingest(app, key.key)),
        before: 200,
        change: () => core(app, ada.token, 'DELETE', `/core/projects/${project.id}/ingest-keys/${key.id}`),
        after: 401,
      },
      {
        name: "a deleted project's key is refused and the project is not found",
        probe: async () => [await status(ingest(app, doomedKey.key)), await status(core(app, bob.token, 'GET', `/core/projects/${doomed.id}/ingest-keys`))],
        before: [200, 200],
        change: () => core(app, ada.token, 'DELETE', `/core/projects/${doomed.id}`),
        after: [401, 404],
      },
      {
        name: 'a lowered role loses what it allowed',
        probe: () => status(core(app, grace.token, 'DELETE', `/core/projects/${project.id}/ingest-keys/${randomUUID()}`)),
        before: 404,
        change: () => core(app, ada.token, 'PUT', `/core/orgs/members/${grace.userId}`, { role: 'member' }),
        after: 403,
      },
      {
        name: 'a removed member is refused',
        probe: () => status(core(app, bob.token, 'GET', '/core/projects/all')),
        before: 200,
        change: () => core(app, ada.token, 'DELETE', `/core/orgs/members/${bob.userId}`),
        after: 403,
      },
      {
        name: 'a member who left has no organisation',
        probe: () => status(core(app, grace.token, 'GET', '/core/orgs/info')),
        before: 200,
        change: () => core(app, grace.token, 'POST', '/core/orgs/leave'),
        after: 404,
      },
      {
        name: 'an accepted invitation lets the new member in',
        probe: () => status(core(app, carol.token, 'GET', '/core/projects/all')),
        before: 403,
        change: async () => {
          const { id } = await invite(app, ada.token, carol.email);
          return core(app, carol.token, 'POST', `/core/invitations/${id}/accept`);
        },
        after: 200,
      },
      {
        name: 'a new organisation is its creator’s',
        probe: () => status(core(app, dave.token, 'GET', '/core/orgs/info')),
        before: 404,
        change: () => core(app, dave.token, 'POST', '/core/orgs', { name: 'Dave Games' }),
        after: 200,
      },
      {
        name: 'a new name is the user’s display name',
        probe: async () => (await core(app, carol.token, 'GET', '/auth/v1/user')).json<{ displayName: string | null }>().displayName,
        before: null,
        change: () => core(app, carol.token, 'PUT', '/core/accounts/name', { firstName: 'Carol', lastName: 'Shaw' }),
        after: 'Carol Shaw',
      },
      {
        name: 'an organisation deactivated in the database, not through the API, is refused',
        probe: () => status(core(app, dave.token, 'GET', '/core/projects/all')),
        before: 200,
        change: () => t.database.db.update(organisations).set({ isActive: false }).where(eq(organisations.name, 'Dave Games')),
        after: 403,
      },
      {
        name: 'a signed-out session’s ID token is refused',
        probe: () => status(core(app, carol.token, 'GET', '/core/projects/all')),
        before: 200,
        change: () => app.inject({ method: 'POST', url: '/auth/v1/sign-out', cookies: { qb_refresh: carol.refreshToken }, headers: sameOrigin }),
        after: 401,
      },
      {
        name: 'a session revoked for refresh-token reuse has its ID tokens refused',
        probe: () => status(core(app, ada.token, 'GET', '/core/projects/all')),
        before: 200,
        change: async () => {
          expect((await refresh(app, ada.refreshToken, sameOrigin)).statusCode).toBe(200);
          clock.advance(refreshGraceMs + 1000);
          expect((await refresh(app, ada.refreshToken, sameOrigin)).statusCode).toBe(401);
        },
        after: 401,
      },
    ];

    for (const step of steps) {
      expect(await step.probe(), `${step.name}: before`).toEqual(step.before);
      expect(await step.probe(), `${step.name}: before, cached`).toEqual(step.before);
      await step.change();
      expect(await step.probe(), `${step.name}: after`).toEqual(step.after);
    }
  });

  it('a signed-out session stays refused while another sign-in of the same user works', async () => {
    const first = await signUp(t.app, 'ada@pixel.example');
    const second = await signUp(t.app, 'ada@pixel.example');
    expect(await status(core(t.app, first.token, 'GET', '/auth/v1/user'))).toBe(200);
    await t.app.inject({ method: 'POST', url: '/auth/v1/sign-out', cookies: { qb_refresh: first.refreshToken }, headers: sameOrigin });
    const refused = await core(t.app, first.token, 'GET', '/auth/v1/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect(await status(core(t.app, second.token, 'GET', '/auth/v1/user'))).toBe(200);
  });
});
