import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveCases, liveCaseSnapshot } from '@questboard/shared/live-cases';
import { fetchLiveValues } from '@questboard/sdk/live-agreement';
import type { FetchLike } from '@questboard/sdk/types';
import { liveDrafts } from '../../db/schema';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { fetchConfig, firstIngestKey, liveOps } from '../../../test/live-helpers';
import { manualClock } from '../../lib/clock';
import { evaluateLiveConfig } from '@questboard/shared/live-evaluate';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// GET /live/v1/config (docs/product/http-contract.md#live-operations-remote-config-and-experiments, ADR 021) on both databases:
// the key checked like ingestion's, ETag and 304, live events switching at their boundaries with
// the app's clock, bad queries answered 400, projects kept apart, a revoked key refused at once.
describe.each(databaseTargets)('live config delivery on $name', (target) => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;
  let key: { id: string; key: string };
  let live: ReturnType<typeof liveOps>;

  beforeEach(async () => {
    clock = manualClock(new Date('2026-10-29T23:59:59Z'));
    t = await createTestApp(target, { clock });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = await firstIngestKey(t.app, owner.token, projectId);
    live = liveOps(t.app, projectId);
  });
  afterEach(async () => t.close());

  const publishDiscount = async (note = 'Halloween') => {
    await live.ok(
      live.call(owner.token, 'POST', '/keys', { name: 'shop.discount', type: 'number', defaultValue: 0 }),
      201,
    );
    await live.ok(
      live.call(owner.token, 'POST', '/events', {
        name: 'Halloween',
        startsAt: '2026-10-30T00:00:00Z',
        endsAt: '2026-11-02T00:00:00Z',
        conditions: [],
        overrides: [{ key: 'shop.discount', value: 0.3 }],
      }),
      201,
    );
    await live.ok(live.call(owner.token, 'POST', '/publish', { note }), 201);
  };

  it('answers an empty config, version 0, before anything is published, with CORS open and no-cache', async () => {
    const response = await fetchConfig(t.app, key.key, { user_id: 'p1' }, { origin: 'https://game.example' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ values: {}, experiments: [], version: 0 });
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
      etag: expect.stringMatching(/^"[\w-]+"$/) as string,
    });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/live/v1/config',
      headers: { origin: 'https://game.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Ingest-Key');
  });

  it('answers 304 to an unchanged config and 200 with a new ETag once a publish changes it', async () => {
    await publishDiscount();
    const first = await fetchConfig(t.app, key.key, { user_id: 'p1' });
    expect(first.json()).toEqual({ values: { 'shop.discount': 0 }, experiments: [], version: 1 });
    const etag = String(first.headers.etag);
    const again = await fetchConfig(t.app, key.key, { user_id: 'p1' }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(
      (await fetchConfig(t.app, key.key, { user_id: 'p1' }, { 'if-none-match': `W/${etag}, "other"` })).statusCode,
    ).toBe(304);

    await live.ok(live.call(owner.token, 'PUT', '/keys/shop.discount', { type: 'number', defaultValue: 0.1 }));
    // The draft is not delivered.
    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' }, { 'if-none-match': etag })).statusCode).toBe(304);
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    const changed = await fetchConfig(t.app, key.key, { user_id: 'p1' }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ values: { 'shop.discount': 0.1 }, version: 2 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('switches a live event on at its start and off at its end, without a publish', async () => {
    await publishDiscount();
    const discount = async () =>
      (await fetchConfig(t.app, key.key, { user_id: 'p1' })).json<{ values: Record<string, unknown> }>().values[
        'shop.discount'
      ];
    expect(await discount()).toBe(0);
    const before = String((await fetchConfig(t.app, key.key, { user_id: 'p1' })).headers.etag);
    clock.advance(1000); // 2026-10-30T00:00:00Z: the start is inclusive
    expect(await discount()).toBe(0.3);
    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' }, { 'if-none-match': before })).statusCode).toBe(200);
    clock.advance(3 * 24 * 3600_000 - 1); // one millisecond before the end
    expect(await discount()).toBe(0.3);
    clock.advance(1); // the end is exclusive
    expect(await discount()).toBe(0);
  });

  it('refuses a missing or revoked key with 401, and bad queries with a clear 400', async () => {
    await publishDiscount();
    const bad: [Record<string, string>, string][] = [
      [{}, 'user_id is required'],
      [{ user_id: '' }, 'user_id is required'],
      [{ user_id: 'p1', properties: '[1,2]' }, 'properties must be a URL-encoded JSON object'],
      [{ user_id: 'p1', properties: '{level:12' }, 'properties must be a URL-encoded JSON object'],
      [{ user_id: 'p1', properties: '{"nested":{"a":1}}' }, 'property'],
      [{ user_id: 'p1', country: 'Germany' }, 'country must be a two-letter ISO 3166-1 code'],
      [{ user_id: 'x'.repeat(300) }, 'user_id must be at most 256 characters'],
    ];
    for (const [query, message] of bad) {
      const response = await fetchConfig(t.app, key.key, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(query)).toContain(message);
    }
    const noKey = await t.app.inject({ method: 'GET', url: '/live/v1/config?user_id=p1' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toEqual({
      code: 'INGEST_KEY_MISSING',
      message: "Send the project's ingestion key in the X-Ingest-Key header.",
    });

    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' })).statusCode).toBe(200);
    const revoked = await core(t.app, owner.token, 'DELETE', `/core/projects/${projectId}/ingest-keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await fetchConfig(t.app, key.key, { user_id: 'p1' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      code: 'INGEST_KEY_INVALID',
      message: 'This ingestion key is unknown or has been revoked.',
    });
  });

  it('limits requests per client address with 429 and Retry-After, made-up keys included', async () => {
    const limited = await createTestApp(target, { clock, ingestLimits: { requestsPerAddress: 2 } });
    try {
      const ada = await signUpOwner(limited.app, 'ada@pixel.example', 'Pixel Forge');
      const gameKey = await firstIngestKey(limited.app, ada.token, (await createProject(limited.app, ada.token, 'Pixel Quest')).id);
      const ask = (from: string, presented = gameKey.key) =>
        limited.app.inject({ method: 'GET', url: '/live/v1/config?user_id=p1', remoteAddress: from, headers: { 'x-ingest-key': presented } });
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
      expect((await ask('203.0.113.7', `qbk_${'A'.repeat(43)}`)).statusCode).toBe(401);
      const refused = await ask('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests from this address. Retry after the time in Retry-After.' });
      // Another address and loopback (a proxy on this machine) keep their own allowance; the window passes.
      expect((await ask('198.51.100.20')).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) expect((await ask('127.0.0.1')).statusCode).toBe(200);
      clock.advance(1000);
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("gives each project's players only that project's config", async () => {
    await publishDiscount();
    const other = await signUpOwner(t.app, 'lin@other.example', 'Other Studio');
    const otherProject = (await createProject(t.app, other.token, 'Other Game')).id;
    const otherKey = await firstIngestKey(t.app, other.token, otherProject);
    const otherLive = liveOps(t.app, otherProject);
    await otherLive.ok(
      otherLive.call(other.token, 'POST', '/keys', { name: 'difficulty', type: 'string', defaultValue: 'hard' }),
      201,
    );

    // Not published yet: nothing, although the first project has a version.
    expect((await fetchConfig(t.app, otherKey.key, { user_id: 'p1' })).json()).toEqual({
      values: {},
      experiments: [],
      version: 0,
    });
    await otherLive.ok(otherLive.call(other.token, 'POST', '/publish', {}), 201);
    expect((await fetchConfig(t.app, otherKey.key, { user_id: 'p1' })).json()).toEqual({
      values: { difficulty: 'hard' },
      experiments: [],
      version: 1,
    });
    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' })).json()).toEqual({
      values: { 'shop.discount': 0 },
      experiments: [],
      version: 1,
    });
    // Neither owner reaches the other's live config.
    expect((await core(t.app, other.token, 'GET', `${live.base}/draft`)).statusCode).toBe(404);
    expect((await core(t.app, other.token, 'POST', `${live.base}/publish`, {})).statusCode).toBe(404);
  });

  it('serves a rollback to players from the next request on', async () => {
    await publishDiscount();
    await live.ok(live.call(owner.token, 'PUT', '/keys/shop.discount', { type: 'number', defaultValue: 0.5 }));
    await live.ok(live.call(owner.token, 'POST', '/publish', {}), 201);
    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' })).json()).toMatchObject({
      values: { 'shop.discount': 0.5 },
      version: 2,
    });
    await live.ok(live.call(owner.token, 'POST', '/versions/1/rollback'), 201);
    expect((await fetchConfig(t.app, key.key, { user_id: 'p1' })).json()).toMatchObject({
      values: { 'shop.discount': 0 },
      version: 3,
    });
  });

  it("answers many players the plain evaluation's JSON from its answer cache, with equal ETags exactly for equal answers", async () => {
    await t.database.db
      .insert(liveDrafts)
      .values({ projectId, snapshot: liveCaseSnapshot, updatedAt: clock.now(), updatedBy: owner.userId });
    await live.ok(live.call(owner.token, 'POST', '/publish', { note: 'The shared cases' }), 201);
    clock.advance(Date.parse('2026-10-29T12:00:00Z') - clock.now().getTime());
    const tagOf = new Map<string, string>();
    const bodyOf = new Map<string, string>();
    for (let index = 0; index < 60; index += 1) {
      const player = {
        userId: `player-${index % 30}`,
        platform: ['ios', 'android', 'web'][index % 3]!,
        country: index % 2 ? 'DE' : 'FR',
        appVersion: index % 4 < 2 ? '1.4.0' : '2.1.0',
        properties: { vip: index % 5 === 0, level: index },
      };
      const query = { user_id: player.userId, platform: player.platform, country: player.country, app_version: player.appVersion, properties: JSON.stringify(player.properties) };
      const expected = JSON.stringify({ values: evaluateLiveConfig(liveCaseSnapshot, player, clock.now().getTime()), experiments: [], version: 1 });
      // Twice each, so the second answer is one the cache kept.
      for (let round = 0; round < 2; round += 1) {
        const response = await fetchConfig(t.app, key.key, query);
        const etag = String(response.headers.etag);
        expect(response.body).toBe(expected);
        expect(tagOf.get(response.body) ?? etag).toBe(etag);
        expect(bodyOf.get(etag) ?? response.body).toBe(response.body);
        tagOf.set(response.body, etag);
        bodyOf.set(etag, response.body);
        expect((await fetchConfig(t.app, key.key, query, { 'if-none-match': etag })).statusCode).toBe(304);
      }
    }
    expect(tagOf.size).toBeGreaterThan(10);
  });

  it('gives every player of the shared table of cases exactly its values, fetched by the SDK through the endpoint', async () => {
    // The table's snapshot as it is (its rule salts decide its rollouts), written as the draft and published through the API.
    await t.database.db
      .insert(liveDrafts)
      .values({ projectId, snapshot: liveCaseSnapshot, updatedAt: clock.now(), updatedBy: owner.userId });
    await live.ok(live.call(owner.token, 'POST', '/publish', { note: 'The shared cases' }), 201);
    // The SDK's own request (query, headers, reading the answer), routed into the app without a socket.
    const endpoint = 'http://questboard.test';
    const fetch: FetchLike = async (url, init) => {
      const response = await t.app.inject({
        method: init.method,
        url: url.slice(endpoint.length),
        headers: init.headers,
      });
      return {
        status: response.statusCode,
        headers: { get: (name) => String(response.headers[name.toLowerCase()] ?? '') || null },
        text: async () => response.body,
      };
    };
    let checked = 0;
    for (const example of liveCases) {
      clock.advance(Date.parse(example.at) - clock.now().getTime());
      const values = await fetchLiveValues(
        { endpoint, key: key.key, fetch },
        example.players.map(({ player }) => player),
      );
      example.players.forEach(({ player, values: expected }, index) => {
        expect(values[index], `${example.name}: ${player.userId}`).toEqual(expected);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});
