import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Project, ProjectSort } from '@questboard/shared/projects';
import { projectSorts } from '@questboard/shared/projects';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject, description, projectPage } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';
import { projects } from '../../db/schema';
import { containsPattern } from './project-list';

// Read-only calls over one seeded installation per database, so the app boots once per target.
describe.each(databaseTargets)('project list and search on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  /** Pixel Forge's eleven projects (ASCII names, so both databases' collations agree). */
  let listed: Project[];
  let searched: Record<string, Project>;
  let ada: string;
  let bob: string;
  let carol: string;
  let erin: { token: string; organisationId: string };

  beforeAll(async () => {
    const clock = manualClock();
    t = await createTestApp(target, { clock });
    ada = (await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge')).token;
    bob = (await signUpOwner(t.app, 'bob@empty.example', 'Empty Studio')).token;
    carol = (await signUpOwner(t.app, 'carol@search.example', 'Search Studio')).token;

    // Seconds after the start at which each is created: equal seconds tie on createdAt. (Seconds, not
    // minutes: the manual clock also ages the ID tokens.)
    const seed: [string, number][] = [
      ['Alpha', 0],
      ['alpha', 0],
      ['Bravo', 1],
      ['charlie', 1],
      ['Delta', 2],
      ['echo', 3],
      ['Foxtrot', 3],
      ['golf', 4],
      ['Hotel', 5],
      ['india', 6],
      ['Juliet', 6],
    ];
    const start = clock.now().getTime();
    listed = [];
    for (const [name, second] of seed) {
      clock.advance(start + second * 1000 - clock.now().getTime());
      listed.push(await createProject(t.app, ada, name));
    }
    // Two edits at the same moment tie on updatedAt.
    clock.advance(10_000);
    for (const name of ['Alpha', 'echo']) {
      const index = listed.findIndex((project) => project.name === name);
      const response = await core(t.app, ada, 'PUT', `/core/projects/${listed[index]!.id}`, {
        name,
        description: description('Edited.'),
      });
      listed[index] = response.json<Project>();
    }

    searched = {};
    for (const [name, text] of [
      ['Pixel Quest', 'Collect pixels across seven worlds.'],
      ['Dragon Saga', 'Hatch and raise dragons: 100% fun_time for everyone.'],
      ['Space Race', 'Race 1000 ships in fun-time tournaments, saved under C:\\games.'],
      ['Café Racer', 'Motorbikes on mountain roads.'],
    ] as const) {
      searched[name] = await createProject(t.app, carol, name, text);
    }

    erin = await signUpOwner(t.app, 'erin@unicode.example', 'Unicode Studio');
    for (const [name, text] of [
      ['École Étoile', 'Un jeu d’ÉTÉ.'],
      ['Straße der Drachen', 'Große Abenteuer.'],
      ['İstanbul Nights', 'IŞIK ve ışık.'],
      ['ΟΔΟΣ', 'Ένα παιχνίδι για τον δρόμο.'],
      ['Ünïcödé', 'Ärger mit Öl.'],
    ] as const) {
      await createProject(t.app, erin.token, name, text);
    }
  });
  afterAll(async () => t.close());

  const ids = (projects: Project[]) => projects.map((project) => project.id);
  const byId = (a: Project, b: Project) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const keyOf: Record<string, (project: Project) => string> = {
    name: (project) => project.name.toLowerCase(),
    createdAt: (project) => project.createdAt,
    updatedAt: (project) => project.updatedAt,
  };
  function expectedOrder(sort: ProjectSort): Project[] {
    const [field, direction] = sort.split(',') as [string, 'asc' | 'desc'];
    const key = keyOf[field]!;
    // Lower-cased ASCII names and ISO timestamps: code-unit order is the database's order too.
    const ascending = listed.toSorted((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : byId(a, b)));
    return direction === 'asc' ? ascending : ascending.reverse();
  }

  it('pages an empty organisation: no projects, zero totals, also past the end', async () => {
    expect(await projectPage(t.app, bob, '/core/projects/all')).toEqual({
      _embedded: { projects: [] },
      page: { size: 10, totalElements: 0, totalPages: 0, number: 0 },
    });
    expect(await projectPage(t.app, bob, '/core/projects/all?page=3&size=5')).toEqual({
      _embedded: { projects: [] },
      page: { size: 5, totalElements: 0, totalPages: 0, number: 3 },
    });
  });

  it('defaults to page 0 of 10 by name; size+1 projects make two pages; past the end is empty', async () => {
    const byName = expectedOrder('name,asc');
    const first = await projectPage(t.app, ada, '/core/projects/all');
    expect(ids(first._embedded.projects)).toEqual(ids(byName.slice(0, 10)));
    expect(first.page).toEqual({ size: 10, totalElements: 11, totalPages: 2, number: 0 });
    expect(first._embedded.projects[0]).toEqual(byName[0]);

    const last = await projectPage(t.app, ada, '/core/projects/all?page=1');
    expect(ids(last._embedded.projects)).toEqual(ids(byName.slice(10)));
    expect(last.page).toEqual({ size: 10, totalElements: 11, totalPages: 2, number: 1 });

    const past = await projectPage(t.app, ada, '/core/projects/all?page=2');
    expect(past).toEqual({
      _embedded: { projects: [] },
      page: { size: 10, totalElements: 11, totalPages: 2, number: 2 },
    });
    const farPast = await projectPage(t.app, ada, `/core/projects/all?page=${Number.MAX_SAFE_INTEGER}&size=100`);
    expect(farPast._embedded.projects).toEqual([]);
    expect(farPast.page.totalElements).toBe(11);
  });

  it('fits exactly size projects on one page, and accepts the largest size', async () => {
    const exact = await projectPage(t.app, ada, '/core/projects/all?size=11');
    expect(exact._embedded.projects).toHaveLength(11);
    expect(exact.page).toEqual({ size: 11, totalElements: 11, totalPages: 1, number: 0 });
    const largest = await projectPage(t.app, ada, '/core/projects/all?size=100');
    expect(largest.page).toEqual({ size: 100, totalElements: 11, totalPages: 1, number: 0 });
    const one = await projectPage(t.app, ada, '/core/projects/all?size=1&page=10');
    expect(one.page).toEqual({ size: 1, totalElements: 11, totalPages: 11, number: 10 });
    expect(ids(one._embedded.projects)).toEqual(ids(expectedOrder('name,asc').slice(10)));
  });

  it.each([
    ['page=-1', 'page must be a whole number of 0 or more'],
    ['page=abc', 'page must be a whole number of 0 or more'],
    ['page=1.5', 'page must be a whole number of 0 or more'],
    ['page=99999999999999999999', 'page must be a whole number of 0 or more'],
    ['size=0', 'size must be a whole number between 1 and 100'],
    ['size=101', 'size must be a whole number between 1 and 100'],
    ['size=', 'size must be a whole number between 1 and 100'],
    ['sort=name', 'sort must be one of name, createdAt or updatedAt, followed by ,asc or ,desc'],
    ['sort=description,asc', 'sort must be one of name, createdAt or updatedAt, followed by ,asc or ,desc'],
    [
      'sort=name,asc;drop table projects',
      'sort must be one of name, createdAt or updatedAt, followed by ,asc or ,desc',
    ],
    ['sort=name,asc&sort=name,desc', 'sort must be one of name, createdAt or updatedAt, followed by ,asc or ,desc'],
  ])('refuses %s with a clear 400, on /all and /search', async (query, message) => {
    for (const path of ['/core/projects/all', '/core/projects/search']) {
      const response = await core(t.app, ada, 'GET', `${path}?${query}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it.each(projectSorts)('sorts by %s, ties broken by id, pages never overlapping, searched too', async (sort) => {
    const expected = expectedOrder(sort);
    // Every description is padded with dots, so searching '.' finds all eleven.
    for (const path of ['/core/projects/all?', '/core/projects/search?q=.&']) {
      const all = await projectPage(t.app, ada, `${path}size=100&sort=${sort}`);
      expect(all._embedded.projects.map((p) => p.name)).toEqual(expected.map((p) => p.name));
      expect(ids(all._embedded.projects)).toEqual(ids(expected));
      const pages: Project[] = [];
      for (const page of [0, 1, 2]) {
        const response = await projectPage(t.app, ada, `${path}size=4&page=${page}&sort=${sort}`);
        expect(response.page, path).toEqual({ size: 4, totalElements: 11, totalPages: 3, number: page });
        pages.push(...response._embedded.projects);
      }
      expect(ids(pages), path).toEqual(ids(expected));
    }
  });

  it('has the ties the sort tests need, and reverses exactly', async () => {
    const names = expectedOrder('name,asc').map((p) => p.name);
    expect(names.slice(0, 2).sort()).toEqual(['Alpha', 'alpha']);
    expect(names.indexOf('charlie')).toBeLessThan(names.indexOf('Delta'));
    expect(new Set(listed.map((p) => p.createdAt)).size).toBeLessThan(listed.length);
    const edited = listed.filter((p) => p.updatedAt !== p.createdAt);
    expect(edited.map((p) => p.name).sort()).toEqual(['Alpha', 'echo']);
    expect(edited[0]!.updatedAt).toBe(edited[1]!.updatedAt);
    expect(ids(expectedOrder('updatedAt,desc'))).toEqual(ids(expectedOrder('updatedAt,asc')).reverse());
  });

  it.each<[string, string[]]>([
    ['PIXEL', ['Pixel Quest']],
    ['hatch AND', ['Dragon Saga']],
    ['cafe-racer', ['Café Racer']],
    ['100%', ['Dragon Saga']],
    ['%', ['Dragon Saga']],
    ['fun_time', ['Dragon Saga']],
    ['_', ['Dragon Saga']],
    ['c:\\games', ['Space Race']],
    ['\\', ['Space Race']],
    ['race', ['Café Racer', 'Space Race']],
    ['  RACE  ', ['Café Racer', 'Space Race']],
    ['', ['Café Racer', 'Dragon Saga', 'Pixel Quest', 'Space Race']],
    ['zzz', []],
    ['alpha', []],
  ])('search %j finds %j in name, description or identifier, any case, % and _ literally', async (q, names) => {
    const page = await projectPage(t.app, carol, `/core/projects/search?q=${encodeURIComponent(q)}`);
    expect(page._embedded.projects.map((p) => p.name)).toEqual(names);
    expect(page.page).toEqual({ size: 10, totalElements: names.length, totalPages: names.length ? 1 : 0, number: 0 });
  });

  it('pages and sorts search results, and searching without q lists everything', async () => {
    const page = await projectPage(t.app, carol, '/core/projects/search?q=a&size=2&page=1&sort=name,desc');
    expect(page.page).toEqual({ size: 2, totalElements: 4, totalPages: 2, number: 1 });
    expect(page._embedded.projects.map((p) => p.name)).toEqual(['Dragon Saga', 'Café Racer']);
    expect(page._embedded.projects[0]).toEqual(searched['Dragon Saga']);
    const everything = await projectPage(t.app, ada, '/core/projects/search');
    expect(everything.page.totalElements).toBe(11);
  });

  it('answers a search page past the end empty, with the totals of the search', async () => {
    expect(await projectPage(t.app, carol, '/core/projects/search?q=race&page=1')).toEqual({
      _embedded: { projects: [] },
      page: { size: 10, totalElements: 2, totalPages: 1, number: 1 },
    });
    const farPast = await projectPage(
      t.app,
      carol,
      `/core/projects/search?q=a&size=100&page=${Number.MAX_SAFE_INTEGER}&sort=updatedAt,desc`,
    );
    expect(farPast).toEqual({
      _embedded: { projects: [] },
      page: { size: 100, totalElements: 4, totalPages: 1, number: Number.MAX_SAFE_INTEGER },
    });
    expect((await projectPage(t.app, carol, '/core/projects/search?q=zzz&page=3')).page).toEqual({
      size: 10,
      totalElements: 0,
      totalPages: 0,
      number: 3,
    });
  });

  it('finds exactly what ILIKE on name, description and identifier finds, outside ASCII too', async () => {
    // Either database's own idea of case decides (PGlite's C.UTF-8 folds É to é; the test
    // cluster's C locale folds ASCII only), before and after search_text (ADR 009).
    const foundByIlike = async (q: string) => {
      const pattern = containsPattern(q);
      const rows = await t.database.db
        .select({ name: projects.name })
        .from(projects)
        .where(
          and(
            eq(projects.organisationId, erin.organisationId),
            or(
              ilike(projects.name, pattern),
              ilike(projects.description, pattern),
              ilike(projects.identifier, pattern),
            ),
          ),
        )
        .orderBy(sql`lower(${projects.name})`, projects.id);
      return rows.map((row) => row.name);
    };
    const terms = 'é É ÉCOLE école été STRASSE straße GROSSE i İ ışık IŞIK σ Σ ΟΔΟΣ οδος ΈΝΑ ü ÄRGER öl'.split(' ');
    // 'drachen große' runs from the end of a name into its description: in neither, so found nowhere.
    terms.push('e d', 'drachen', 'drachen große');
    for (const q of terms) {
      const page = await projectPage(t.app, erin.token, `/core/projects/search?size=100&q=${encodeURIComponent(q)}`);
      expect(
        page._embedded.projects.map((p) => p.name),
        q,
      ).toEqual(await foundByIlike(q));
    }
    if (target.name === 'PGlite') {
      const page = await projectPage(t.app, erin.token, `/core/projects/search?q=${encodeURIComponent('ÉCOLE')}`);
      expect(page._embedded.projects.map((p) => p.name)).toEqual(['École Étoile']);
    }
  });

  it.each([
    ['q=' + 'q'.repeat(201), 'q must be at most 200 characters'],
    ['q=a%00b', 'q must not contain control characters'],
  ])('refuses the search %s', async (query, message) => {
    const response = await core(t.app, carol, 'GET', `/core/projects/search?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});
