import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, signUp, signUpOwner } from '../../../test/organisation-helpers';
import { createProject, description, projectNotFound, projectPage } from '../../../test/project-helpers';
import { projects } from '../../db/schema';

describe.each(databaseTargets)('project access on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeEach(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => t.close());

  const snapshot = async () =>
    (await t.database.db.select().from(projects)).toSorted((a, b) => a.id.localeCompare(b.id));

  it('22: a user of organisation A cannot read, find, change or delete B’s project by id or by identifier', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    const mine = await createProject(t.app, ada.token, 'Pixel Quest', 'Secret plans for Pixel Quest.');
    const theirs = await createProject(t.app, bob.token, 'Dragon Saga', 'Secret plans for Dragon Saga.');
    const before = await snapshot();

    const body = { name: 'Hijacked', description: description('Hijacked.') };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/core/projects/${theirs.id}`],
      ['GET', `/core/projects/info?identifier=${theirs.identifier}`],
      ['PUT', `/core/projects/${theirs.id}`, body],
      ['DELETE', `/core/projects/${theirs.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await core(t.app, ada.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual(projectNotFound);
    }
    // Lists and searches show only the caller's organisation, whatever is searched for.
    for (const url of [
      '/core/projects/all?size=100',
      '/core/projects/search?size=100',
      '/core/projects/search?q=dragon',
      `/core/projects/search?q=${theirs.identifier}`,
      '/core/projects/search?q=secret',
    ]) {
      const page = await projectPage(t.app, ada.token, url);
      expect(
        page._embedded.projects.every((p) => p.id === mine.id),
        url,
      ).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
    // Bob still sees his project as it was.
    expect((await core(t.app, bob.token, 'GET', `/core/projects/${theirs.id}`)).json()).toEqual(theirs);
  });

  it('every member creates and edits projects; only owners and admins delete them', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const grace = await addMember(t.app, ada.token, 'grace@pixel.example', 'admin');
    const alan = await addMember(t.app, ada.token, 'alan@pixel.example', 'member');
    const project = await createProject(t.app, alan.token, 'Pixel Quest');
    const edited = await core(t.app, alan.token, 'PUT', `/core/projects/${project.id}`, {
      name: 'Pixel Quest II',
      description: description(),
    });
    expect(edited.statusCode).toBe(200);
    const before = await snapshot();

    const refused = await core(t.app, alan.token, 'DELETE', `/core/projects/${project.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_ROLE',
      message: 'Only owners and admins can delete a project.',
    });
    expect(await snapshot()).toEqual(before);

    expect((await core(t.app, grace.token, 'DELETE', `/core/projects/${project.id}`)).statusCode).toBe(204);
    const owned = await createProject(t.app, grace.token, 'Dragon Saga');
    expect((await core(t.app, ada.token, 'DELETE', `/core/projects/${owned.id}`)).statusCode).toBe(204);
    expect(await snapshot()).toEqual([]);
  });

  it('needs a signed-in member of an organisation for every project call', async () => {
    const loner = await signUp(t.app, 'loner@nowhere.example');
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', '/core/projects/all'],
      ['GET', '/core/projects/search?q=a'],
      ['GET', `/core/projects/${id}`],
      ['GET', '/core/projects/info?identifier=pixel-quest'],
      ['POST', '/core/projects', { name: 'Pixel Quest', description: description() }],
      ['PUT', `/core/projects/${id}`, { name: 'Pixel Quest', description: description() }],
      ['DELETE', `/core/projects/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await core(t.app, null, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const noOrganisation = await core(t.app, loner.token, method, url, payload);
      expect(noOrganisation.statusCode, `${method} ${url}`).toBe(403);
      expect(noOrganisation.json<{ code: string }>().code, `${method} ${url}`).toBe('ORGANISATION_REQUIRED');
    }
    expect(await snapshot()).toEqual([]);
  });
});
