import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKeyList, LatestEvents } from '@questboard/shared/developer';
import { storageTargets } from '../../../test/event-stores';
import { event, ingest } from '../../../test/ingest-helpers';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';

// What the ingestion endpoint refuses, case by case. A refusal depends on the request alone, so the
// cases share one app and owner per database (ADR 018) and each gets a new, empty project with its
// own key and rate allowance: nothing one case stored can show in another's figures.

describe.each(storageTargets)('ingestion refusals on $name', ({ database: target, events: eventStore }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;
  let key: string;
  let projects = 0;

  const latest = async () => (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/events/latest?limit=100`)).json<LatestEvents>();

  beforeAll(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date()), eventStore, ingestLimits: { requestsPerKey: 5, windowMs: 1000 } });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    projects += 1;
    projectId = (await createProject(t.app, owner.token, `Pixel Quest ${projects}`)).id;
    key = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  });

  const now = new Date();
  it.each([
    ['a missing insert_id', { insert_id: undefined }, 'insert_id is required'],
    ['an empty name', { name: '' }, 'name must not be empty'],
    ['a name of 129 characters', { name: 'n'.repeat(129) }, 'name must be at most 128 characters'],
    ['a numeric user_id', { user_id: 42 }, 'user_id must be a string'],
    ['a missing user_id', { user_id: undefined }, 'user_id is required'],
    ['a timestamp without a zone', { timestamp: '2026-05-01T12:00:00' }, 'timestamp must be an ISO 8601 date-time with a time zone, like 2026-05-01T12:00:00Z'],
    ['a timestamp as a number', { timestamp: 1_700_000_000 }, 'timestamp must be an ISO 8601 date-time with a time zone, like 2026-05-01T12:00:00Z'],
    ['a timestamp 401 days old', { timestamp: new Date(now.getTime() - 401 * 86_400_000).toISOString() }, 'timestamp is more than 400 days in the past'],
    ['a timestamp 25 hours ahead', { timestamp: new Date(now.getTime() + 25 * 3_600_000).toISOString() }, 'timestamp is more than 24 hours in the future'],
    ['a control character in session_id', { session_id: 's\u0000' }, 'session_id must not contain control characters'],
    ['a platform of 33 characters', { platform: 'p'.repeat(33) }, 'platform must be at most 32 characters'],
    ['an app_version of 33 characters', { app_version: '1'.repeat(33) }, 'app_version must be at most 32 characters'],
    ['an empty build', { build: '' }, 'build must not be empty'],
    ['a three-letter country', { country: 'DEU' }, 'country must be a two-letter ISO 3166-1 code, like DE'],
    ['nested properties', { properties: { inventory: { gems: 3 } } }, 'property "inventory" must be a string (at most 1024 characters), a finite number, true, false or null'],
    ['properties as an array', { properties: [1, 2] }, 'properties must be an object'],
    ['51 properties', { properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])) }, 'properties must have at most 50 keys'],
    ['a property key of 65 characters', { properties: { ['k'.repeat(65)]: 1 } }, `property key "${'k'.repeat(64)}" must be 1 to 64 characters without control characters`],
    ['a negative revenue_amount', { revenue_amount: -1, currency: 'USD' }, 'revenue_amount must not be negative'],
    ['a revenue_amount without currency', { revenue_amount: 0.99 }, 'currency is required with revenue_amount'],
    ['a currency without revenue_amount', { currency: 'USD' }, 'revenue_amount is required with currency'],
    ['a currency of four letters', { revenue_amount: 1, currency: 'USDT' }, 'currency must be a three-letter ISO 4217 code, like USD'],
    ['a product_id of 129 characters', { revenue_amount: 1, currency: 'USD', product_id: 'p'.repeat(129) }, 'product_id must be at most 128 characters'],
    ['an unknown field', { level: 3 }, 'unknown field "level"'],
  ])('rejects an event with %s and keeps the others', async (_case, overrides, reason) => {
    const bad = event({ insert_id: 'bad-1', ...overrides });
    const withoutMissing = Object.fromEntries(Object.entries(bad).filter(([, value]) => value !== undefined));
    const response = await ingest(t.app, key, { events: [event({ insert_id: 'good-1' }, now), withoutMissing] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1, rejected: [{ index: 1, insert_id: 'insert_id' in withoutMissing ? 'bad-1' : null, reason }] });
    expect((await latest()).events.map((e) => e.insert_id)).toEqual(['good-1']);
  });

  it('rejects an event that is not an object', async () => {
    const response = await ingest(t.app, key, { events: ['level_complete', null] });
    expect(response.json()).toEqual({
      accepted: 0,
      rejected: [
        { index: 0, insert_id: null, reason: 'an event must be an object' },
        { index: 1, insert_id: null, reason: 'an event must be an object' },
      ],
    });
  });

  it.each([
    ['no events field', { data: [] }, 'events must be an array'],
    ['an empty list', { events: [] }, 'events must hold at least one event'],
    ['an array body', [event()], 'the body must be a JSON object like {"events": [...]}'],
  ])('refuses a batch with %s: 400', async (_case, payload, message) => {
    const response = await ingest(t.app, key, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses invalid JSON and invalid gzip with 400, never 500', async () => {
    expect((await ingest(t.app, key, '{"events": [')).json()).toMatchObject({ code: 'INVALID_JSON' });
    const garbled = await ingest(t.app, key, Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    expect(garbled.statusCode).toBe(400);
  });

  it.each([
    ['no key', undefined, 'INGEST_KEY_MISSING'],
    ['an empty key', '', 'INGEST_KEY_MISSING'],
    ['a malformed key', 'not-a-key', 'INGEST_KEY_INVALID'],
    ['an unknown key', `qbk_${'A'.repeat(43)}`, 'INGEST_KEY_INVALID'],
  ])('refuses %s with 401', async (_case, presented, code) => {
    const response = await ingest(t.app, presented, { events: [event()] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code });
  });
});
