import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import { storageTargets } from '../../../test/event-stores';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';
import { defaultIngestLimits, type IngestLimits } from './ingest-routes';
import type { EventStoreOptions } from '../events/open-event-store';

// docs/product/rules-and-messages.md#ingestion-limits, ADR 023: limits per client address, per key
// and per project's events a minute; 429 with Retry-After for abuse, never for a game's players.

describe.each(storageTargets)('ingestion limits on $name', ({ database: target, events: eventStore }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;
  let key: string;
  let projectId: string;
  let serial = 0;

  async function start(limits: Partial<IngestLimits> = {}, eventStoreOptions?: EventStoreOptions, env?: Record<string, string>) {
    clock = manualClock(new Date());
    t = await createTestApp(target, { clock, ingestLimits: limits, eventStore, eventStoreOptions, env });
    const owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  }
  beforeEach(() => {
    serial = 0;
  });
  afterEach(async () => t.close());

  const events = (count: number) =>
    Array.from({ length: count }, () => ({ insert_id: `e-${(serial += 1)}`, name: 'level_start', user_id: `player-${serial}`, timestamp: clock.now().toISOString() }));
  const ingest = (from: string, count = 1, presented = key) =>
    t.app.inject({ method: 'POST', url: '/ingest/v1/batch', remoteAddress: from, headers: { 'x-ingest-key': presented }, payload: { events: events(count) } });

  it('limits requests per client address with 429 and Retry-After, before looking at the key', async () => {
    await start({ requestsPerAddress: 3 });
    for (let i = 0; i < 3; i += 1) expect((await ingest('203.0.113.7')).statusCode).toBe(200);
    const limited = await ingest('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests from this address. Retry after the time in Retry-After.' });
    // A flood of made-up keys is refused the same way, without a lookup.
    expect((await ingest('203.0.113.7', 1, `qbk_${'A'.repeat(43)}`)).statusCode).toBe(429);
    // Another address, and loopback (a proxy on the same machine), have their own allowance.
    expect((await ingest('198.51.100.20')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await ingest('127.0.0.1')).statusCode).toBe(200);
    // An IPv6 sender counts by its /64: rotating through its addresses does not help.
    for (let i = 1; i <= 3; i += 1) expect((await ingest(`2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await ingest('2001:db8:1:2::99')).statusCode).toBe(429);
    expect((await ingest('2001:db8:1:3::1')).statusCode).toBe(200);
    clock.advance(1000);
    expect((await ingest('203.0.113.7')).statusCode).toBe(200);
    expect((await t.events.summary(projectId)).totalEvents).toBe(3 + 1 + 5 + 3 + 1 + 1);
  });

  it('counts a request through a trusted load balancer under the address it forwards, and believes no one else', async () => {
    await start({ requestsPerAddress: 2 }, undefined, { TRUST_PROXY: '10.0.0.0/8' });
    const through = (forwardedFor: string, proxy = '10.1.2.3') =>
      t.app.inject({
        method: 'POST',
        url: '/ingest/v1/batch',
        remoteAddress: proxy,
        headers: { 'x-ingest-key': key, 'x-forwarded-for': forwardedFor },
        payload: { events: events(1) },
      });
    // Two players behind the same balancer each have their own allowance…
    for (let i = 0; i < 2; i += 1) expect((await through('203.0.113.7')).statusCode).toBe(200);
    expect((await through('203.0.113.7')).statusCode).toBe(429);
    for (let i = 0; i < 2; i += 1) expect((await through('198.51.100.20')).statusCode).toBe(200);
    // …and a sender outside the trusted range is counted under its own address, whatever it forwards.
    for (let i = 0; i < 2; i += 1) expect((await through(`198.51.100.${30 + i}`, '192.0.2.50')).statusCode).toBe(200);
    expect((await through('198.51.100.40', '192.0.2.50')).statusCode).toBe(429);
  });

  it("limits a project's events a minute with 429 and Retry-After, storing nothing of the refused batch", async () => {
    await start({ eventsPerProjectMinute: 10 });
    expect((await ingest('203.0.113.7', 6)).statusCode).toBe(200);
    clock.advance(15_000);
    const limited = await ingest('198.51.100.20', 5);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'This project received more than 10 events in a minute. Retry after the time in Retry-After.' });
    // What still fits the minute is taken.
    expect((await ingest('198.51.100.20', 4)).statusCode).toBe(200);
    expect((await ingest('198.51.100.20', 1)).statusCode).toBe(429);
    clock.advance(45_000);
    expect((await ingest('198.51.100.20', 5)).statusCode).toBe(200);
    expect((await t.events.summary(projectId)).totalEvents).toBe(15);
  });

  it("gives a batch the store could not take back to the project's minute", async () => {
    // A store that takes at most 3 events at a time: a 4-event batch is refused with 503.
    await start({ eventsPerProjectMinute: 4 }, { maxQueuedEvents: 3 });
    expect((await ingest('203.0.113.7', 4)).statusCode).toBe(503);
    expect((await ingest('203.0.113.7', 3)).statusCode).toBe(200);
    expect((await ingest('203.0.113.7', 2)).statusCode).toBe(429);
  });

  it('serves a game of many players far above the old 200 a second, under the documented limits', async () => {
    await start();
    // docs/product/rules-and-messages.md#ingestion-limits, written out.
    expect(defaultIngestLimits).toEqual({ requestsPerKey: 20_000, requestsPerAddress: 1_000, windowMs: 1000, eventsPerProjectMinute: 6_000_000 });
    // Within one second (the clock stands still), 200 requests in flight at a time: 600 from players
    // behind 40 addresses (homes and carrier NATs), three times the old per-key limit, then one
    // address's whole 1,000.
    const statuses: number[] = [];
    for (let sent = 0; sent < 600; sent += 200) {
      const wave = await Promise.all(Array.from({ length: 200 }, (_, i) => ingest(`198.51.100.${((sent + i) % 40) + 1}`)));
      statuses.push(...wave.map((answer) => answer.statusCode));
    }
    for (let sent = 0; sent < 1_000; sent += 200) {
      const wave = await Promise.all(Array.from({ length: 200 }, () => ingest('203.0.113.99')));
      statuses.push(...wave.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await ingest('203.0.113.99')).statusCode).toBe(429);
    expect((await t.events.summary(projectId)).totalEvents).toBe(1_600);
  });
});
