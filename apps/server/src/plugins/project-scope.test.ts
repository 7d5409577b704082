import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { StateCache } from '../db/state-cache';
import { anyMember, hasRole, isProjectScoped, ownersAndAdmins, registerProjectScope } from './project-scope';

// The scope refuses, at start, a project route that forgets its role or checks membership itself
// (issue 19): the app would not boot, so no such route can ship.
async function appWith(route: (app: FastifyInstance) => void) {
  const app = Fastify();
  // The routes here are refused before any request, so the guards and the database are never used.
  const guard = () => Promise.resolve();
  app.decorate('requireIdentity', guard);
  app.decorate('requireAccount', guard);
  app.decorate('requireOrganisation', guard);
  app.decorate('stateCache', new StateCache({ kind: 'in-process', subscribe: async () => undefined }));
  registerProjectScope(app, null as unknown as Db);
  route(app);
  await app.ready();
  return app;
}

describe('the project scope', () => {
  it('tells the routes of one project from the rest', () => {
    expect(
      [
        '/core/projects/:id',
        '/core/projects/:id/currency',
        '/core/projects/all',
        '/core/projects/:identifier',
        '/core/orgs/usage',
      ].map(isProjectScoped),
    ).toEqual([true, true, false, false, false]);
  });

  it('ranks the roles: admin routes refuse members, member routes take everyone', () => {
    const admin = ownersAndAdmins('revoke an ingestion key');
    expect([hasRole('owner', admin), hasRole('admin', admin), hasRole('member', admin)]).toEqual([true, true, false]);
    expect([hasRole('owner', anyMember), hasRole('admin', anyMember), hasRole('member', anyMember)]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('refuses to start with a project route that declares no role', async () => {
    await expect(appWith((app) => app.get('/core/projects/:id/forgotten', async () => ({})))).rejects.toThrow(
      'GET /core/projects/:id/forgotten must declare config.projectRole',
    );
  });

  it('refuses to start with a project route that checks membership itself', async () => {
    await expect(
      appWith((app) =>
        app.get(
          '/core/projects/:id/twice',
          { config: { projectRole: anyMember }, preHandler: app.requireOrganisation },
          async () => ({}),
        ),
      ),
    ).rejects.toThrow('GET /core/projects/:id/twice checks membership itself');
  });

  it('leaves routes outside the scope alone', async () => {
    const app = await appWith((instance) => instance.get('/core/projects/all', async () => ({ ok: true })));
    expect((await app.inject('/core/projects/all')).json()).toEqual({ ok: true });
  });
});
