import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { startSecondServer, type SecondServer } from '../../../test/second-server';
import { signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { fetchConfig, firstIngestKey, liveOps } from '../../../test/live-helpers';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

/**
 * Two servers on one PostgreSQL database (ADR 019, 021): a publish or a rollback made through one
 * is what the other delivers on its very next request, although its last answer came from its cache.
 */
describe.skipIf(!postgres)('live config delivery across two processes on PostgreSQL', () => {
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

  it('serves a publish and a rollback made through the other server from the next request on', async () => {
    const owner = await signUpOwner(first.app, 'ada@pixel.example', 'Pixel Forge');
    const projectId = (await createProject(first.app, owner.token, 'Pixel Quest')).id;
    const { key } = await firstIngestKey(first.app, owner.token, projectId);
    const live = liveOps(first.app, projectId);
    const delivered = async () => (await fetchConfig(second.app, key, { user_id: 'p1' })).json<unknown>();

    expect(await delivered()).toEqual({ values: {}, experiments: [], version: 0 });
    await live.ok(live.call(owner.token, 'POST', '/keys', { name: 'lives', type: 'number', defaultValue: 3 }), 201);
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    expect(await delivered()).toEqual({ values: { lives: 3 }, experiments: [], version: 1 });
    expect(await delivered()).toEqual({ values: { lives: 3 }, experiments: [], version: 1 });
    await live.ok(live.call(owner.token, 'PUT', '/keys/lives', { type: 'number', defaultValue: 5 }));
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    expect(await delivered()).toEqual({ values: { lives: 5 }, experiments: [], version: 2 });
    await live.ok(live.call(owner.token, 'POST', '/versions/1/rollback'), 201);
    expect(await delivered()).toEqual({ values: { lives: 3 }, experiments: [], version: 3 });
  });

  it('gives the same ETag for the same answer on both servers, and a new one once a publish changes it', async () => {
    const owner = await signUpOwner(first.app, 'ada@pixel.example', 'Pixel Forge');
    const projectId = (await createProject(first.app, owner.token, 'Pixel Quest')).id;
    const { key } = await firstIngestKey(first.app, owner.token, projectId);
    const live = liveOps(first.app, projectId);
    await live.ok(live.call(owner.token, 'POST', '/keys', { name: 'lives', type: 'number', defaultValue: 3 }), 201);
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    const fromFirst = await fetchConfig(first.app, key, { user_id: 'p1' });
    const etag = String(fromFirst.headers.etag);
    const fromSecond = await fetchConfig(second.app, key, { user_id: 'p1' });
    expect([fromSecond.body, String(fromSecond.headers.etag)]).toEqual([fromFirst.body, etag]);
    expect((await fetchConfig(second.app, key, { user_id: 'p1' }, { 'if-none-match': etag })).statusCode).toBe(304);
    await live.ok(live.call(owner.token, 'PUT', '/keys/lives', { type: 'number', defaultValue: 5 }));
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    const changed = await fetchConfig(second.app, key, { user_id: 'p1' }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ values: { lives: 5 }, experiments: [], version: 2 });
    expect(String(changed.headers.etag)).not.toBe(etag);
    expect(String((await fetchConfig(first.app, key, { user_id: 'p1' })).headers.etag)).toBe(String(changed.headers.etag));
  });
});
