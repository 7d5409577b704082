import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dragonQuest, projectPage } from '../project-fixtures';
import { getAllProjects } from './get-all-projects';
import { searchProjects } from './search-projects';

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

describe('getAllProjects (docs/product/http-contract.md#core-calls, the load-all helper)', () => {
  it('asks for page 0 of size 100 and answers the embedded list', async () => {
    server.routes({ 'GET /core/projects/all': { body: projectPage([dragonQuest]) } });
    expect(await getAllProjects()).toEqual([dragonQuest]);
    expect(server.requests.map((request) => request.path)).toEqual(['/core/projects/all?page=0&size=100&sort=name%2Casc']);
  });

  it('answers an empty list when the answer has no embedded list', async () => {
    server.routes({ 'GET /core/projects/all': { body: { page: { size: 100, totalElements: 0, totalPages: 0, number: 0 } } } });
    expect(await getAllProjects()).toEqual([]);
  });

  it("logs a failure under 'Get all projects failed' and rethrows it", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/all': { status: 400, body: { message: 'Bad size' } } });
    await expect(getAllProjects()).rejects.toThrow('Bad size');
    expect(log).toHaveBeenCalledWith('Get all projects failed', expect.anything());
  });
});

describe('searchProjects', () => {
  const query = { q: 'orc', page: 2, size: 10, sort: 'name,asc' as const };

  it('answers a 404 with an empty page, unlogged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await searchProjects(query)).toEqual({
      _embedded: { projects: [] },
      page: { size: 10, totalElements: 0, totalPages: 0, number: 2 },
    });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs other failures under 'Search projects failed'", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/search': { status: 400, body: { message: 'q must be at most 200 characters' } } });
    await expect(searchProjects(query)).rejects.toThrow('q must be at most 200 characters');
    expect(log).toHaveBeenCalledWith('Search projects failed', expect.anything());
  });
});
