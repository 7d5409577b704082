import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKey, IngestKeyList, LatestEvents } from '@questboard/shared/developer';
import type { IngestAnswer } from '@questboard/shared/events';
import { storageTargets } from '../../../test/event-stores';
import { event, ingest } from '../../../test/ingest-helpers';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(storageTargets)('ingestion on $name', ({ database: target, events: eventStore }) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;
  let key: string;

  const keys = async (token = owner.token, id = projectId) => (await core(t.app, token, 'GET', `/core/projects/${id}/ingest-keys`)).json<IngestKeyList>().keys;
  const latest = async (id = projectId) => (await core(t.app, owner.token, 'GET', `/core/projects/${id}/events/latest?limit=100`)).json<LatestEvents>();

  beforeEach(async () => {
    clock = manualClock(new Date());
    t = await createTestApp(target, { clock, eventStore, ingestLimits: { requestsPerKey: 5, windowMs: 1000 } });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = (await keys())[0]!.key;
  });
  afterEach(async () => t.close());

  it('gives every new project one active key', async () => {
    expect(await keys()).toEqual([
      {
        id: expect.any(String) as string,
        name: 'Default',
        key: expect.stringMatching(/^qbk_[A-Za-z0-9_-]{43}$/) as string,
        kind: 'standard',
        createdAt: clock.now().toISOString(),
        revokedAt: null,
        lastUsedAt: null,
      },
    ]);
  });

  it('stores valid events once they are durable, normalised, with what the server adds', async () => {
    const first = event({ insert_id: 'a-1' });
    const purchase = event({ insert_id: 'a-2', name: 'purchase', revenue_amount: 4.99, currency: 'eur', product_id: 'gems_small', properties: undefined });
    const response = await ingest(t.app, key, { events: [first, purchase] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 2, rejected: [] });

    const stored = await latest();
    expect(stored.summary).toEqual({ totalEvents: 2, demoEvents: 0, lastReceivedAt: clock.now().toISOString() });
    expect(stored.events.find((e) => e.insert_id === 'a-1')).toEqual({
      insert_id: 'a-1',
      name: 'level_complete',
      user_id: 'player-1',
      session_id: 's-1',
      timestamp: first.timestamp,
      received_at: clock.now().toISOString(),
      platform: 'ios',
      app_version: '1.2.0',
      build: '120',
      country: 'DE',
      properties: { level: 3, boss: 'Hydra', hard: true, score: null },
      revenue_amount: null,
      currency: null,
      product_id: null,
      demo: false,
    });
    expect(stored.events.find((e) => e.insert_id === 'a-2')).toMatchObject({ revenue_amount: 4.99, currency: 'EUR', product_id: 'gems_small', properties: {} });
    expect((await keys())[0]!.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('stores a retried batch once, and the same insert_id twice in one batch once', async () => {
    const batch = { events: [event({ insert_id: 'r-1' }), event({ insert_id: 'r-2' }), event({ insert_id: 'r-2', name: 'other' })] };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await ingest(t.app, key, batch);
      expect(response.json<IngestAnswer>()).toEqual({ accepted: 3, rejected: [] });
    }
    const stored = await latest();
    expect(stored.summary.totalEvents).toBe(2);
    expect(stored.events.find((e) => e.insert_id === 'r-2')!.name).toBe('level_complete');
    // A retry that mixes stored and new events stores just the new one.
    await ingest(t.app, key, { events: [event({ insert_id: 'r-1' }), event({ insert_id: 'r-3' })] });
    expect((await latest()).summary.totalEvents).toBe(3);
  });

  it('accepts gzip and text/plain bodies', async () => {
    const zipped = gzipSync(JSON.stringify({ events: [event({ insert_id: 'z-1' })] }));
    expect((await ingest(t.app, key, zipped, { 'content-encoding': 'gzip' })).json()).toEqual({ accepted: 1, rejected: [] });
    const beacon = await ingest(t.app, key, JSON.stringify({ events: [event({ insert_id: 'z-2' })] }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(beacon.json()).toEqual({ accepted: 1, rejected: [] });
  });

  it('refuses more than 1,000 events or more than 1 MB with 413, also when the 1 MB is gzipped', async () => {
    const tooMany = await ingest(t.app, key, { events: Array.from({ length: 1001 }, (_, i) => event({ insert_id: `m-${i}` })) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'A batch holds at most 1000 events; send the rest in another request.' });

    const big = JSON.stringify({ events: Array.from({ length: 1000 }, (_, i) => event({ insert_id: `b-${i}`, properties: { note: 'x'.repeat(1024) } })) });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await ingest(t.app, key, big)).statusCode).toBe(413);
    const zipped = gzipSync(big);
    expect(zipped.length).toBeLessThan(100_000);
    expect((await ingest(t.app, key, zipped, { 'content-encoding': 'gzip' })).statusCode).toBe(413);
    expect((await latest()).summary.totalEvents).toBe(0);
  });

  it('limits requests per key with 429 and Retry-After, and lets them through in the next window', async () => {
    for (let i = 0; i < 5; i += 1) expect((await ingest(t.app, key, { events: [event()] })).statusCode).toBe(200);
    const limited = await ingest(t.app, key, { events: [event()] });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another key of the same project has its own allowance.
    const other = await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/ingest-keys`, { name: 'Web build' });
    expect((await ingest(t.app, other.json<IngestKey>().key, { events: [event()] })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await ingest(t.app, key, { events: [event()] })).statusCode).toBe(200);
  });

  it('stops a revoked key at once; members may not revoke', async () => {
    const [defaultKey] = await keys();
    const member = await addMember(t.app, owner.token, 'bob@pixel.example', 'member');
    const refused = await core(t.app, member.token, 'DELETE', `/core/projects/${projectId}/ingest-keys/${defaultKey!.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await ingest(t.app, key, { events: [event()] })).statusCode).toBe(200);

    const revoked = await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/ingest-keys/${defaultKey!.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<IngestKey>().revokedAt).toBe(clock.now().toISOString());
    const after = await ingest(t.app, key, { events: [event()] });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'INGEST_KEY_INVALID', message: 'This ingestion key is unknown or has been revoked.' });
    // Revoking again answers the key unchanged; it stays listed as revoked.
    expect((await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/ingest-keys/${defaultKey!.id}`)).json<IngestKey>().revokedAt).toBe(
      clock.now().toISOString(),
    );
    expect((await keys()).map((k) => k.revokedAt !== null)).toEqual([true]);
  });

  it('creates keys with validated names, up to 20 active ones', async () => {
    expect((await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/ingest-keys`, { name: '  ' })).json()).toMatchObject({ message: 'Key name is required' });
    expect((await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/ingest-keys`, { name: 'k'.repeat(65) })).json()).toMatchObject({
      message: 'Key name must be at most 64 characters',
    });
    for (let i = 2; i <= 20; i += 1) {
      expect((await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/ingest-keys`, { name: `Build ${i}` })).statusCode).toBe(201);
    }
    const refused = await core(t.app, owner.token, 'POST', `/core/projects/${projectId}/ingest-keys`, { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INGEST_KEY_LIMIT' });
  });

  it("writes with a key only into that key's project, and keeps organisations apart", async () => {
    const other = await createProject(t.app, owner.token, 'Other Game');
    const otherKey = (await keys(owner.token, other.id))[0]!.key;
    await ingest(t.app, otherKey, { events: [event({ insert_id: 'o-1' })] });
    expect((await latest()).summary.totalEvents).toBe(0);
    expect((await latest(other.id)).events.map((e) => e.insert_id)).toEqual(['o-1']);
    // The same insert_id in two projects is two events.
    await ingest(t.app, key, { events: [event({ insert_id: 'o-1' })] });
    expect((await latest()).summary.totalEvents).toBe(1);

    const stranger = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const [method, url, payload] of [
      ['GET', `/core/projects/${projectId}/ingest-keys`, undefined],
      ['POST', `/core/projects/${projectId}/ingest-keys`, { name: 'Mine now' }],
      ['DELETE', `/core/projects/${projectId}/ingest-keys/${(await keys())[0]!.id}`, undefined],
      ['GET', `/core/projects/${projectId}/events/latest`, undefined],
      ['GET', `/core/projects/${projectId}/demo-data`, undefined],
      ['POST', `/core/projects/${projectId}/demo-data`, undefined],
      ['DELETE', `/core/projects/${projectId}/demo-data`, undefined],
    ] as const) {
      const response = await core(t.app, stranger.token, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(404);
    }
    expect(await keys()).toHaveLength(1);
    expect((await latest()).summary.totalEvents).toBe(1);
  });

  it('answers CORS for the ingestion endpoint only', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/ingest/v1/batch',
      headers: { origin: 'https://game.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-ingest-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Ingest-Key');
    const answer = await ingest(t.app, key, { events: [event()] }, { origin: 'https://game.example' });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const coreAnswer = await t.app.inject({ method: 'GET', url: '/core/projects/all', headers: { origin: 'https://game.example' } });
    expect(coreAnswer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 503 with Retry-After when the event store is full, storing nothing of the batch', async () => {
    const full = await createTestApp(target, { clock, eventStore, eventStoreOptions: { maxQueuedEvents: 2 } });
    try {
      const ada = await signUpOwner(full.app, 'ada@pixel.example', 'Pixel Forge');
      const project = await createProject(full.app, ada.token, 'Pixel Quest');
      const fullKey = (await core(full.app, ada.token, 'GET', `/core/projects/${project.id}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
      const refused = await ingest(full.app, fullKey, { events: [event(), event(), event()] });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ code: 'INGEST_BUSY', message: 'Ingestion is busy. Retry after the time in Retry-After.' });
      expect((await full.events.summary(project.id)).totalEvents).toBe(0);
      expect((await ingest(full.app, fullKey, { events: [event(), event()] })).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });

  it('deleting a project deletes its events and its keys', async () => {
    await ingest(t.app, key, { events: [event()] });
    expect((await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}`)).statusCode).toBe(204);
    expect((await ingest(t.app, key, { events: [event()] })).statusCode).toBe(401);
    const again = await createProject(t.app, owner.token, 'Pixel Quest');
    expect((await latest(again.id)).summary.totalEvents).toBe(0);
  });
});
