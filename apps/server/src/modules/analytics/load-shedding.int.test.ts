import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore } from '../events/event-store';
import { demoIngestKey } from '../ingestion/ingestion-api';
import { QueryGate } from './analytics-gate';
import { CachedMetrics } from './cached-metrics';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const clock = () => manualClock(new Date('2026-11-16T12:00:00Z'));
const view = 'from=2026-11-10&to=2026-11-16';
let sent = 0;
const event = (user: string) => ({ insert_id: `shed-${sent++}`, name: 'level_start', user_id: user, timestamp: '2026-11-15T10:00:00Z' });

/** The real store, with every analytics computation held until the test lets them all go. */
function heldStore(store: EventStore, gate: QueryGate) {
  const holds: (() => void)[] = [];
  let open = false;
  const held = new Proxy(store.metrics, {
    get(target, method) {
      const compute = Reflect.get(target, method, target) as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        if (!open) await new Promise<void>((resolve) => holds.push(resolve));
        return compute.apply(target, args);
      };
    },
  });
  const metrics = new CachedMetrics(held, { version: () => 0, gate });
  const events = new Proxy(store, {
    get(target, property) {
      if (property === 'metrics') return metrics;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const release = () => {
    open = true;
    holds.splice(0).forEach((resume) => resume());
  };
  return { events, release };
}

/** Until the gate shows the load (the requests reached it through the whole HTTP pipeline). */
async function until(gate: QueryGate, load: { running: number; queued: number }) {
  while (gate.load.running !== load.running || gate.load.queued !== load.queued) await new Promise((resolve) => setImmediate(resolve));
}

// Issue 20: the analytics reads are bounded (a few at once, a short queue, 503 beyond it) and their
// answers kept until the project's events change; the cheap calls never wait behind them.
describe.each(databaseTargets)('analytics load shedding on $name', (target) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  let key: string;

  const ingest = async (ingestKey: string, events: unknown[]) => {
    const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': ingestKey }, payload: { events } });
    expect(response.json()).toMatchObject({ accepted: events.length });
  };
  const overview = async () => {
    const response = await core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/overview?${view}`);
    expect(response.statusCode).toBe(200);
    return response.json<Overview>().totalEvents;
  };

  async function start(events?: EventStore) {
    t = await createTestApp(target, { clock: clock(), ...(events ? { events } : {}) });
    token = (await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge')).token;
    projectId = (await createProject(t.app, token, 'Pixel Quest')).id;
    key = (await core(t.app, token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  }
  beforeEach(() => {
    sent = 0;
  });
  afterEach(async () => t.close());

  it('answers the next read with what was just ingested or deleted, never a kept answer', async () => {
    await start();
    await ingest(key, [event('a'), event('b')]);
    expect(await overview()).toBe(2);
    expect(await overview()).toBe(2);
    await ingest(key, [event('c')]);
    expect(await overview()).toBe(3);

    await ingest(await demoIngestKey(t.database.db, projectId, new Date()), [event('d'), event('e')]);
    expect(await overview()).toBe(5);
    const removed = await core(t.app, token, 'DELETE', `/core/projects/${projectId}/demo-data`);
    expect(removed.json()).toEqual({ removedEvents: 2 });
    expect(await overview()).toBe(3);

    const retention = await core(t.app, token, 'PUT', `/core/projects/${projectId}/data-settings`, { eventRetentionDays: 30 });
    expect(retention.statusCode).toBe(200);
    expect(await overview()).toBe(3); // nothing is older than 30 days: the answer stays right

    const deleted = await core(t.app, token, 'DELETE', `/core/projects/${projectId}/events`);
    expect(deleted.json()).toEqual({ deletedEvents: 3 });
    expect(await overview()).toBe(0);
  });

  it('answers 503 with Retry-After beyond the queue, while the cheap calls answer at once', async () => {
    const gate = new QueryGate({ running: 1, queued: 1 });
    const store = await openDuckDbEventStore({ file: ':memory:' });
    const held = heldStore(store, gate);
    await start(held.events);
    await ingest(key, [event('a')]);

    const analytics = (page: string) => core(t.app, token, 'GET', `/core/projects/${projectId}/analytics/${page}?${view}`);
    const running = analytics('overview');
    await until(gate, { running: 1, queued: 0 });
    const queued = analytics('players');
    await until(gate, { running: 1, queued: 1 });
    // The same question as one queued or running joins it instead of queueing again.
    const joined = analytics('overview');

    const refused = await analytics('revenue');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Analytics are busy right now. Please try again in a few seconds.',
    });

    // Neither the project list, the health check nor ingestion waits for the analytics.
    expect((await core(t.app, token, 'GET', '/core/projects/all')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await ingest(key, [event('b')]);

    held.release();
    for (const response of await Promise.all([running, queued, joined])) expect(response.statusCode).toBe(200);
    expect((await analytics('revenue')).statusCode).toBe(200); // room again
  });
});
