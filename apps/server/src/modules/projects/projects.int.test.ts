import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Project } from '@questboard/shared/projects';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, hostileText, signUpOwner } from '../../../test/organisation-helpers';
import { createProject, description, projectNotFound } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';
import { organisations, projects } from '../../db/schema';

describe.each(databaseTargets)('projects on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock });
  });
  afterEach(async () => t.close());

  const allProjects = () => t.database.db.select().from(projects);

  it('creates, reads by id and by identifier, updates and deletes a project', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const created = await core(t.app, ada.token, 'POST', '/core/projects', {
      name: '  Pixel Quest  ',
      description: `  ${description()}  `,
    });
    expect(created.statusCode).toBe(201);
    const project = created.json<Project>();
    expect(project).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'Pixel Quest',
      description: description(),
      identifier: 'pixel-quest',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    expect(await allProjects()).toMatchObject([{ id: project.id, organisationId: ada.organisationId }]);

    const byId = await core(t.app, ada.token, 'GET', `/core/projects/${project.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(project);
    const byIdentifier = await core(t.app, ada.token, 'GET', '/core/projects/info?identifier=pixel-quest');
    expect(byIdentifier.statusCode).toBe(200);
    expect(byIdentifier.json()).toEqual(project);

    clock.advance(60_000);
    const updated = await core(t.app, ada.token, 'PUT', `/core/projects/${project.id}`, {
      name: 'Dragon Saga',
      description: description('Now with dragons.'),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      ...project,
      name: 'Dragon Saga',
      description: description('Now with dragons.'),
      identifier: 'pixel-quest',
      updatedAt: clock.now().toISOString(),
    });
    // The address stays: the old identifier still finds the renamed project.
    expect((await core(t.app, ada.token, 'GET', '/core/projects/info?identifier=pixel-quest')).json()).toMatchObject({
      name: 'Dragon Saga',
    });

    const deleted = await core(t.app, ada.token, 'DELETE', `/core/projects/${project.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await allProjects()).toEqual([]);
    for (const url of [`/core/projects/${project.id}`, '/core/projects/info?identifier=pixel-quest']) {
      const gone = await core(t.app, ada.token, 'GET', url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json(), url).toEqual(projectNotFound);
    }
    const again = await core(t.app, ada.token, 'DELETE', `/core/projects/${project.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for unknown projects and 400 for ids that are not UUIDs', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const body = { name: 'Pixel Quest', description: description() };
    const calls: [string, string, unknown?][] = [
      ['GET', `/core/projects/${unknown}`],
      ['PUT', `/core/projects/${unknown}`, body],
      ['DELETE', `/core/projects/${unknown}`],
      ['GET', '/core/projects/info?identifier=nothing-here'],
      ['GET', '/core/projects/info?identifier=Pixel-Quest'],
      ['GET', '/core/projects/info?identifier=%00'],
      ['GET', `/core/projects/info?identifier=${encodeURIComponent("' or 1=1 --")}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await core(t.app, ada.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual(projectNotFound);
    }
    const notUuid = await core(t.app, ada.token, 'GET', '/core/projects/pixel-quest');
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json()).toMatchObject({ message: 'id must be a project id (a UUID)' });
    const noIdentifier = await core(t.app, ada.token, 'GET', '/core/projects/info');
    expect(noIdentifier.statusCode).toBe(400);
    expect(noIdentifier.json()).toMatchObject({ message: 'identifier is required' });
  });

  it('makes identifiers from names: ASCII, lower case, hyphens, a random suffix on collision, never changed', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    const cases: [string, RegExp][] = [
      ['Pixel Quest', /^pixel-quest$/],
      ['pixel   QUEST', /^pixel-quest-[0-9a-z]{4,6}$/],
      ['Pixel-Quest', /^pixel-quest-[0-9a-z]{4,6}$/],
      ['Café Ñandú (Déjà vu)', /^cafe-nandu-deja-vu$/],
      ['استوديو البكسل ٣', /^project$/],
      ['قصة التنين', /^project-[0-9a-z]{4,6}$/],
      [`The ${'Very '.repeat(12)}Long Name`, /^the-very-very-very-very-very-very-very-v$/],
    ];
    const made: Project[] = [];
    for (const [name, identifier] of cases) {
      const project = await createProject(t.app, ada.token, name);
      expect(project.identifier, name).toMatch(identifier);
      made.push(project);
    }
    // Unique across the installation, so another organisation's 'Pixel Quest' gets a suffix too.
    expect((await createProject(t.app, bob.token, 'Pixel Quest')).identifier).toMatch(/^pixel-quest-[0-9a-z]{4,6}$/);
    const identifiers = (await allProjects()).map((row) => row.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);

    const first = made[0]!;
    const renamed = await core(t.app, ada.token, 'PUT', `/core/projects/${first.id}`, {
      name: 'Completely Different',
      description: description(),
    });
    expect(renamed.json()).toMatchObject({ name: 'Completely Different', identifier: 'pixel-quest' });
    // The freed name does not free the identifier: a new 'Pixel Quest' still collides.
    expect((await createProject(t.app, ada.token, 'Pixel Quest')).identifier).toMatch(/^pixel-quest-[0-9a-z]{4,6}$/);
  });

  it('gives concurrent projects of one name distinct identifiers', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const created = await Promise.all(
      Array.from({ length: 5 }, () =>
        core(t.app, ada.token, 'POST', '/core/projects', { name: 'Rush', description: description() }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const identifiers = created.map((response) => response.json<Project>().identifier);
    expect(new Set(identifiers).size).toBe(5);
    expect(identifiers).toContain('rush');
  });

  it.each(['POST', 'PUT'] as const)(
    '%s refuses every name and description docs/product/rules-and-messages.md#validation refuses',
    async (method) => {
      const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
      const existing = await createProject(t.app, ada.token, 'Pixel Quest');
      const url = method === 'POST' ? '/core/projects' : `/core/projects/${existing.id}`;
      const valid = { name: 'Dragon Saga', description: description() };
      const cases: [Record<string, unknown>, string][] = [
        [{ description: valid.description }, 'Project name is required'],
        [{ ...valid, name: null }, 'Project name is required'],
        [{ ...valid, name: '   ' }, 'Project name is required'],
        [{ ...valid, name: ' D ' }, 'Project name must be at least 2 characters'],
        [{ ...valid, name: 'D'.repeat(101) }, 'Project name must be less than 100 characters'],
        [{ ...valid, name: 'Dragon <Saga>' }, 'Project name contains invalid characters'],
        [{ ...valid, name: 'Dragon/Saga' }, 'Project name contains invalid characters'],
        [{ name: valid.name }, 'Project description is required'],
        [{ ...valid, description: ' \n ' }, 'Project description is required'],
        [{ ...valid, description: 'Short.' }, 'Project description must be at least 150 characters (currently 6)'],
        [
          { ...valid, description: `   ${'d'.repeat(149)}   ` },
          'Project description must be at least 150 characters (currently 149)',
        ],
        [{ ...valid, description: 'd'.repeat(2001) }, 'Project description must be less than 2000 characters'],
      ];
      for (const [body, message] of cases) {
        const response = await core(t.app, ada.token, method, url, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json(), JSON.stringify(body).slice(0, 80)).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
        });
      }
      expect(await allProjects()).toEqual([expect.objectContaining({ name: 'Pixel Quest', updatedAt: clock.now() })]);

      const limits = { name: 'D'.repeat(100), description: 'd'.repeat(2000) };
      expect((await core(t.app, ada.token, method, url, limits)).statusCode).toBe(method === 'POST' ? 201 : 200);
      const shortest = { name: 'DS', description: 'd'.repeat(150) };
      expect((await core(t.app, ada.token, method, url, shortest)).statusCode).toBe(method === 'POST' ? 201 : 200);
    },
  );

  it.each(['POST', 'PUT'] as const)(
    '25: %s answers hostile input with a 4xx and the spec message, never a 500',
    async (method) => {
      const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
      const existing = await createProject(t.app, ada.token, 'Pixel Quest');
      const url = method === 'POST' ? '/core/projects' : `/core/projects/${existing.id}`;
      const text = description();
      const cases: [string, unknown, number, string | undefined][] = [
        ['invalid JSON', '{"name":', 400, 'The request body is not valid JSON.'],
        ['an empty body', '', 400, 'The request body is empty; JSON was expected.'],
        ['an array', [], 400, undefined],
        ['missing fields', {}, 400, 'Project name is required'],
        ['a numeric name', { name: 12, description: text }, 400, undefined],
        ['an object name', { name: { $ne: '' }, description: text }, 400, undefined],
        ['a numeric description', { name: 'Dragon Saga', description: 12 }, 400, undefined],
        [
          '10 kB name',
          { name: hostileText.tenKb, description: text },
          400,
          'Project name must be less than 100 characters',
        ],
        [
          '1 MB name',
          { name: hostileText.oneMb, description: text },
          400,
          'Project name must be less than 100 characters',
        ],
        [
          '10 kB description',
          { name: 'Dragon Saga', description: hostileText.tenKb },
          400,
          'Project description must be less than 2000 characters',
        ],
        [
          '1 MB description',
          { name: 'Dragon Saga', description: hostileText.oneMb },
          400,
          'Project description must be less than 2000 characters',
        ],
        [
          'past the body limit',
          { name: 'Dragon Saga', description: 'd'.repeat(1_100_000) },
          413,
          'The request body is too large.',
        ],
        [
          'control characters',
          { name: hostileText.control, description: text },
          400,
          'Project name contains invalid characters',
        ],
        [
          'a header injection',
          { name: hostileText.newline, description: text },
          400,
          'Project name contains invalid characters',
        ],
        [
          'a right-to-left override',
          { name: hostileText.rightToLeftOverride, description: text },
          400,
          'Project name contains invalid characters',
        ],
        [
          'an emoji name',
          { name: hostileText.emoji, description: text },
          400,
          'Project name contains invalid characters',
        ],
        [
          'a NUL in the description',
          { name: 'Dragon Saga', description: `${text}\u0000` },
          400,
          'Project description contains invalid characters',
        ],
      ];
      for (const [label, payload, status, message] of cases) {
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        expect(response.statusCode, label).toBe(status);
        if (message) expect(response.json<{ message: string }>().message, label).toBe(message);
      }
      const untouched = await allProjects();
      expect(untouched).toHaveLength(1);
      expect(untouched[0]).toMatchObject({ name: 'Pixel Quest', description: text });

      // Right-to-left names and emoji, right-to-left override and tabs in descriptions are text like any other.
      const arabic = { name: 'قصة التنين ٣', description: `${'وصف '.repeat(40)}\t🐉 \u202Eevil\nend` };
      const accepted = await core(t.app, ada.token, method, url, arabic);
      expect(accepted.statusCode).toBe(method === 'POST' ? 201 : 200);
      expect(accepted.json()).toMatchObject({ name: arabic.name, description: arabic.description.trim() });
    },
  );

  it('goes with its organisation: the foreign key cascades', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    await createProject(t.app, ada.token, 'Pixel Quest');
    const kept = await createProject(t.app, bob.token, 'Dragon Saga');
    await t.database.db.delete(organisations).where(eq(organisations.id, ada.organisationId));
    expect((await allProjects()).map((row) => row.id)).toEqual([kept.id]);
  });
});
