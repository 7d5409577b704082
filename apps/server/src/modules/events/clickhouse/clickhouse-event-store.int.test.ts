import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/postgres-cluster';
import { clickHouseForTests, startClickHouse, type ClickHouseNode } from '../../../../test/clickhouse-cluster';
import { openDuckDbEventStore } from '../duckdb-event-store';
import { EventStoreBusyError, type EventStore, type NewEvent } from '../event-store';
import { demoPopulation } from '../../demo/demo-population';
import { outageOf } from '../../../lib/outage';
import { ClickHouseHttp, literal } from './clickhouse-http';
import { openClickHouseEventStore } from './clickhouse-event-store';

// The ClickHouse store's writing, reading and deleting against the DuckDB store's answers to the
// same calls (ADR 033), on one throwaway ClickHouse server shared by the file.

const server = clickHouseForTests();
const end = new Date('2026-03-01T15:00:00Z');
const receivedAt = new Date('2026-03-01T15:00:00Z');
let node: ClickHouseNode;
let http: ClickHouseHttp;
let clickhouse: EventStore;
let duckdb: EventStore;
let projects = 0;
/** A project id of its own for each test: all of them share the one table. */
const nextProject = () => `c1c1c1c1-0000-4000-8000-${String((projects += 1)).padStart(12, '0')}`;

/** 150 demo players over 40 days, with the shapes the demo never sends: no session, NULL country, odd properties. */
function population(): NewEvent[] {
  const events: NewEvent[] = [];
  for (const demo of demoPopulation({ players: 150, days: 40, end, seed: 7 })) {
    const index = Number(demo.user_id.slice(-6));
    const event: NewEvent = { ...demo, receivedAt: new Date(receivedAt.getTime() + (events.length % 50)), demo: index % 4 === 0 };
    if (index % 5 === 0) delete event.session_id;
    if (index % 7 === 0) delete event.country;
    if (event.name === 'store_open') event.properties = { ...event.properties, "it's": 'a \\ "quote"', tier: index % 3 === 0 ? 5 : 'gold', none: null };
    events.push(event);
  }
  return events;
}

async function appendBoth(projectId: string, events: readonly NewEvent[]) {
  for (let at = 0; at < events.length; at += 1000) {
    const batch = events.slice(at, at + 1000);
    await Promise.all([clickhouse.append(projectId, batch), duckdb.append(projectId, batch)]);
  }
}

async function sameReads(projectId: string) {
  const window = { from: new Date('2026-02-01T00:00:00Z'), monthStart: new Date('2026-02-01T00:00:00Z') };
  expect(await clickhouse.summary(projectId)).toEqual(await duckdb.summary(projectId));
  expect(await clickhouse.latest(projectId, 200)).toEqual(await duckdb.latest(projectId, 200));
  expect(await clickhouse.usage(projectId, window)).toEqual(await duckdb.usage(projectId, window));
}

describe.skipIf(!server)('the ClickHouse event store', () => {
  beforeAll(async () => {
    node = await startClickHouse(server!);
    http = new ClickHouseHttp({ url: node.url });
    clickhouse = await openClickHouseEventStore({ url: node.url });
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
  });
  afterAll(async () => {
    await clickhouse.close();
    await duckdb.close();
    await node.stop();
  });

  it('places any text in SQL through literal()', async () => {
    const texts = ["it's", 'back\\slash', '\\\'', 'tab\tnew\nline', 'nul\u0000', 'ünïcode 🎮', String.raw`\x41\n`, "');DROP TABLE events;--"];
    const [row] = await http.rows(`SELECT [${texts.map((text) => literal(text)).join(', ')}] AS texts`);
    expect(row?.texts).toEqual(texts);
  });

  it('answers the latest events, the summary and the usage as the DuckDB store does', async () => {
    const projectId = nextProject();
    const events = population();
    await appendBoth(projectId, events);
    await sameReads(projectId);
    expect((await clickhouse.summary(projectId)).totalEvents).toBe(events.length);
    const exposed = await duckdb.exposedPlayers(projectId, ['faster-first-levels', 'nothing']);
    expect(exposed.size).toBeGreaterThan(0);
    expect(await clickhouse.exposedPlayers(projectId, ['faster-first-levels', 'nothing'])).toEqual(exposed);
    // Another project reads nothing of it.
    expect(await clickhouse.summary(nextProject())).toEqual({ totalEvents: 0, demoEvents: 0, lastReceivedAt: null });
  });

  it('keeps the first received of an insert_id, before and after ClickHouse merges the parts', async () => {
    const projectId = nextProject();
    const first: NewEvent = { insert_id: 'same', name: 'first', user_id: 'u1', timestamp: '2026-02-10T10:00:00.123Z', receivedAt, demo: false };
    // The retry carries what the first lacks (a session, a platform): the first's NULLs stay.
    const retry: NewEvent = {
      ...first, name: 'retry', session_id: 's', platform: 'ios', timestamp: '2026-02-10T09:00:00.456Z', receivedAt: new Date(receivedAt.getTime() + 1000),
    };
    const twice: NewEvent = { ...first, insert_id: 'twice', name: 'once', receivedAt: new Date(receivedAt.getTime() - 1000) };
    // The same id twice in one call, and again in later calls: the first received stays.
    await appendBoth(projectId, [first, twice, { ...twice, name: 'twice' }]);
    await appendBoth(projectId, [retry]);
    await appendBoth(projectId, [{ ...twice, name: 'thrice' }]);
    const parts = await http.rows(`SELECT count() AS n FROM system.parts WHERE active AND table = 'events'`);
    expect(Number(parts[0]?.n)).toBeGreaterThan(1);
    await sameReads(projectId);
    expect((await clickhouse.latest(projectId, 10)).map((event) => [event.insert_id, event.name, event.timestamp, event.session_id, event.platform])).toEqual([
      ['same', 'first', '2026-02-10T10:00:00.123Z', null, null],
      ['twice', 'once', '2026-02-10T10:00:00.123Z', null, null],
    ]);
    await http.command('OPTIMIZE TABLE events FINAL');
    const [stored] = await http.rows(`SELECT count() AS n FROM events WHERE project_id = ${literal(projectId)}`);
    expect(Number(stored?.n)).toBe(2);
    await sameReads(projectId);
  });

  it('inserts the calls of one turn of the event loop together, answering each once ClickHouse stored it', async () => {
    const projectId = nextProject();
    const events = population().slice(0, 400);
    const inserts = async () => Number((await http.rows(`SELECT value FROM system.events WHERE event = 'InsertQuery'`))[0]?.value ?? 0);
    const before = await inserts();
    await Promise.all(Array.from({ length: 8 }, (_, index) => clickhouse.append(projectId, events.slice(index * 50, index * 50 + 50))));
    expect(await inserts()).toBe(before + 1);
    expect((await clickhouse.summary(projectId)).totalEvents).toBe(400);
  });

  it('refuses a write that would overfill its queue, storing nothing of it', async () => {
    const projectId = nextProject();
    const small = await openClickHouseEventStore({ url: node.url, maxQueuedEvents: 100 });
    try {
      const events = population();
      const first = small.append(projectId, events.slice(0, 80));
      await expect(small.append(projectId, events.slice(80, 110))).rejects.toBeInstanceOf(EventStoreBusyError);
      await first;
      expect((await small.summary(projectId)).totalEvents).toBe(80);
    } finally {
      await small.close();
    }
  });

  it('rejects a write ClickHouse did not take, as an outage', async () => {
    // A port nothing listens on (the server's own, once it is stopped, would do as well).
    const gone = await openClickHouseEventStore({ url: `http://127.0.0.1:${await freePort()}/default`, createTable: false, timeoutMs: 2000 });
    const failure = await gone.append(nextProject(), population().slice(0, 3)).catch((error: unknown) => error);
    expect(outageOf(failure)).toBe('database');
    await expect(gone.ping()).rejects.toThrow();
  });

  it('deletes the demo events, the events before a day and everything as the DuckDB store does, and only the project’s', async () => {
    const projectId = nextProject();
    const neighbour = nextProject();
    const events = population();
    await appendBoth(projectId, events);
    await appendBoth(neighbour, events.slice(0, 500));
    const cutoff = new Date('2026-02-05T12:30:00Z');
    expect(await clickhouse.deleteDemo(projectId)).toBe(await duckdb.deleteDemo(projectId));
    await sameReads(projectId);
    expect(await clickhouse.deleteBefore(projectId, cutoff)).toBe(await duckdb.deleteBefore(projectId, cutoff));
    await sameReads(projectId);
    expect(await clickhouse.deleteBefore(projectId, cutoff)).toBe(0);
    expect((await clickhouse.summary(neighbour)).totalEvents).toBe(500);
    const all = await duckdb.deleteAll(projectId);
    expect(all).toBeGreaterThan(0);
    expect(await clickhouse.deleteAll(projectId)).toBe(all);
    await sameReads(projectId);
    await appendBoth(projectId, events.slice(0, 10));
    await Promise.all([clickhouse.deleteProject(projectId), duckdb.deleteProject(projectId)]);
    await sameReads(projectId);
    expect((await clickhouse.summary(neighbour)).totalEvents).toBe(500);
  });

  it('reports its size on disk and answers ping', async () => {
    await clickhouse.ping();
    expect(await clickhouse.sizeBytes()).toBeGreaterThan(0);
  });
});
