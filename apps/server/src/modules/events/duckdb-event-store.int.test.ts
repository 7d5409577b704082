import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { openDuckDbEventStore } from './duckdb-event-store';
import { EventStoreBusyError, type EventStore, type NewEvent } from './event-store';
import { projectTable } from './event-table';

// The store on its own: the writer's group commit, deleting by rebuilding, back-pressure, reopening
// after close.
const projectId = '6f1c1b5e-1111-4111-8111-111111111111';
const otherProjectId = '6f1c1b5e-2222-4222-8222-222222222222';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-store-'));
let store: EventStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

function events(count: number, prefix: string, demo: boolean): NewEvent[] {
  const at = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    insert_id: `${prefix}-${i}`,
    name: 'tick',
    user_id: `u${i % 10}`,
    timestamp: new Date(at - i * 1000).toISOString(),
    receivedAt: new Date(at),
    demo,
  }));
}

/** The table's insert_ids in the order they are laid out on disk (the store must be closed). */
async function storedOrder(file: string, project: string): Promise<{ insertId: string; name: string }[]> {
  const instance = await DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(`SELECT insert_id, name FROM ${projectTable(project)} ORDER BY rowid`);
    connection.closeSync();
    return reader.getRowsJS().map(([insertId, name]) => ({ insertId: insertId as string, name: name as string }));
  } finally {
    instance.closeSync();
  }
}

describe('the DuckDB event store', () => {
  it('commits writes queued together per project, each project in its own table, in event-time order', async () => {
    const file = path.join(dir, 'group.duckdb');
    store = await openDuckDbEventStore({ file });
    const later = events(3, 'later', false).map((event) => ({ ...event, timeMs: Date.parse(event.timestamp) }));
    // Received at the same moment, an hour earlier in event time (timeMs left for the store to read).
    const earlier = later.map(({ timeMs, ...event }) => ({
      ...event,
      insert_id: event.insert_id.replace('later', 'earlier'),
      timestamp: new Date(timeMs - 3_600_000).toISOString(),
    }));
    // The first write is committed on its own; the writer takes the ones queued meanwhile in one group.
    await Promise.all([
      store.append(otherProjectId, events(4, 'other', true)),
      store.append(projectId, later),
      store.append(otherProjectId, events(1, 'also', true)),
      store.append(projectId, earlier),
    ]);
    expect(await store.summary(projectId)).toMatchObject({ totalEvents: 6, demoEvents: 0 });
    expect(await store.summary(otherProjectId)).toMatchObject({ totalEvents: 5, demoEvents: 5 });
    const [newest] = await store.latest(projectId, 1);
    expect(newest).toMatchObject({ insert_id: 'later-0', name: 'tick', user_id: 'u0', session_id: null, properties: {}, demo: false });
    await store.close();
    store = undefined;
    expect((await storedOrder(file, projectId)).map((row) => row.insertId)).toEqual([
      'earlier-2', 'earlier-1', 'earlier-0', 'later-2', 'later-1', 'later-0',
    ]);
  });

  it('keeps the first received of an insert_id sent twice before it was stored, even when the second happened earlier', async () => {
    const file = path.join(dir, 'first-wins.duckdb');
    store = await openDuckDbEventStore({ file });
    const [first] = events(1, 'same', false);
    const second = { ...first!, name: 'second', timestamp: new Date(Date.parse(first!.timestamp) - 60_000).toISOString() };
    const third = { ...first!, name: 'third' };
    await Promise.all([
      store.append(otherProjectId, events(1, 'other', false)),
      // These two are queued while that one commits: one group.
      store.append(projectId, [first!, second]),
      store.append(projectId, [third, ...events(2, 'new', false)]),
    ]);
    // Against a stored one, too: the stored event stays.
    await store.append(projectId, [{ ...first!, name: 'retried' }]);
    expect((await store.summary(projectId)).totalEvents).toBe(3);
    await store.close();
    store = undefined;
    expect((await storedOrder(file, projectId)).find((row) => row.insertId === 'same-0')?.name).toBe('tick');
  });

  it('stores everything once when a client resends what it sent before a restart, commit after commit', async () => {
    const file = path.join(dir, 'resent.duckdb');
    store = await openDuckDbEventStore({ file });
    for (const batch of ['a', 'b', 'c']) await store.append(projectId, events(300, batch, false));
    await store.close();
    store = await openDuckDbEventStore({ file });
    // A client resending everything after a restart: each commit meets stored ids at its flush.
    for (const batch of ['a', 'b', 'c', 'd']) await store.append(projectId, events(300, batch, false));
    for (const batch of ['a', 'e']) await store.append(projectId, events(2, batch, false));
    expect((await store.summary(projectId)).totalEvents).toBe(1_202);
  });

  it('stores nothing of a write whose commit fails, answers the other projects, and carries nothing into the next commit', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'failed.duckdb') });
    // An event without a name (the endpoint's validation never lets one through) breaks the table's NOT NULL.
    const broken = events(3, 'broken', false).map((event, i) => (i === 1 ? { ...event, name: null as unknown as string } : event));
    const results = await Promise.allSettled([
      store.append(otherProjectId, events(1, 'alone', false)),
      // These two are queued while that one commits: one group, a transaction for each project.
      store.append(projectId, broken),
      store.append(otherProjectId, events(2, 'fine', false)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.summary(projectId)).totalEvents).toBe(0);
    await store.append(projectId, events(2, 'next', false));
    expect((await store.latest(projectId, 10)).map((event) => event.insert_id).sort()).toEqual(['next-0', 'next-1']);
    expect((await store.summary(otherProjectId)).totalEvents).toBe(3);
  });

  it('commits the writes of one turn of the event loop in one transaction, the first one included', async () => {
    const file = path.join(dir, 'one-turn.duckdb');
    store = await openDuckDbEventStore({ file });
    // Three requests arriving together, each an hour earlier in event time than the one before.
    const at = Date.now();
    const write = (n: number): NewEvent[] => [{ insert_id: `turn-${n}`, name: 'tick', user_id: 'u1', timestamp: new Date(at - n * 3_600_000).toISOString(), receivedAt: new Date(at), demo: false }];
    await Promise.all([0, 1, 2].map((n) => store!.append(projectId, write(n))));
    await store.close();
    store = undefined;
    // One commit inserts its rows ordered by event time; a commit each would keep the arrival order.
    expect((await storedOrder(file, projectId)).map((row) => row.insertId)).toEqual(['turn-2', 'turn-1', 'turn-0']);
  });

  it('lets the players just answered join the write waiting for the next commit, rather than commit it alone', async () => {
    const file = path.join(dir, 'gather.duckdb');
    store = await openDuckDbEventStore({ file });
    const at = Date.now();
    const write = (id: string, minutesAgo: number): NewEvent[] => [
      { insert_id: id, name: 'tick', user_id: 'u1', timestamp: new Date(at - minutesAgo * 60_000).toISOString(), receivedAt: new Date(at), demo: false },
    ];
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    // Three players' writes form a commit; each player sends again on the turn after its answer.
    const players = [1, 2, 3].map(async (n) => {
      await store!.append(projectId, write(`first-${n}`, 100 + n));
      await nextTurn();
      await store!.append(projectId, write(`again-${n}`, 50 + n));
    });
    // Another player's write arrives while that commit runs.
    await nextTurn();
    const other = store.append(projectId, write('other', 10));
    await Promise.all([...players, other]);
    await store.close();
    store = undefined;
    // One commit for the waiting write and the three again (rows in event-time order), not two.
    expect((await storedOrder(file, projectId)).map((row) => row.insertId)).toEqual(['first-3', 'first-2', 'first-1', 'again-3', 'again-2', 'again-1', 'other']);
  });

  it('fails only the write that breaks a group commit; its neighbours in the transaction are stored', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'poison.duckdb') });
    const broken = events(2, 'broken', false).map((event, i) => (i === 1 ? { ...event, name: null as unknown as string } : event));
    const results = await Promise.allSettled([
      store.append(projectId, events(2, 'before', false)),
      store.append(projectId, broken),
      store.append(projectId, events(3, 'after', false)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.latest(projectId, 10)).map((event) => event.insert_id).sort()).toEqual(['after-0', 'after-1', 'after-2', 'before-0', 'before-1']);
  });

  it.each([
    ['most rows are demo (rebuilds the table)', 900, 100],
    ['few rows are demo (deletes them)', 100, 900],
  ])('removes demo events when %s, keeping the others and their dedupe', async (_case, demo, real) => {
    store = await openDuckDbEventStore({ file: path.join(dir, `${demo}.duckdb`) });
    await store.append(projectId, events(demo, 'demo', true));
    await store.append(projectId, events(real, 'real', false));
    expect(await store.deleteDemo(projectId)).toBe(demo);
    expect(await store.summary(projectId)).toMatchObject({ totalEvents: real, demoEvents: 0 });
    // The insert_id index survived: a retry of real events is still stored once.
    await store.append(projectId, events(real, 'real', false));
    expect((await store.summary(projectId)).totalEvents).toBe(real);
    expect(await store.deleteAll(projectId)).toBe(real);
    expect((await store.summary(projectId)).totalEvents).toBe(0);
    await store.append(projectId, events(5, 'again', false));
    expect((await store.summary(projectId)).totalEvents).toBe(5);
  });

  it('refuses a write with a time it cannot hold before queueing it, so the writes queued with it are stored', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'time.duckdb') });
    const broken = events(2, 'broken', false).map((event, i) => (i === 1 ? { ...event, timeMs: 1e20 } : event));
    const results = await Promise.allSettled([
      store.append(projectId, events(1, 'before', false)),
      store.append(projectId, broken),
      store.append(projectId, events(1, 'after', false)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('a time the store cannot hold');
    expect((await store.latest(projectId, 10)).map((event) => event.insert_id).sort()).toEqual(['after-0', 'before-0']);
  });

  it('refuses a write that would overfill its queue, storing nothing of it', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'busy.duckdb'), maxQueuedEvents: 100 });
    await expect(store.append(projectId, events(101, 'big', false))).rejects.toBeInstanceOf(EventStoreBusyError);
    const [first, second] = [store.append(projectId, events(60, 'a', false)), store.append(projectId, events(60, 'b', false))];
    await expect(second).rejects.toBeInstanceOf(EventStoreBusyError);
    await first;
    expect((await store.summary(projectId)).totalEvents).toBe(60);
  });

  it('stores every field as it was sent: text, times to the millisecond, amounts, properties byte for byte, nulls', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'fields.duckdb') });
    // The JSON column holds the text JSON.stringify wrote for them, exactly (the writer appends it as it is).
    const properties = { big: 1e21, tiny: 5e-324, sum: 0.1 + 0.2, quote: 'é"\\\n\u2028😀 \'', none: null, yes: true, negativeZero: -0 };
    const full: NewEvent = {
      insert_id: "it's-1",
      name: 'purchase',
      user_id: 'player "one"',
      session_id: 's-1',
      timestamp: '1969-07-20T20:17:40.123Z',
      receivedAt: new Date('2026-11-28T10:00:00.456Z'),
      platform: 'ios',
      app_version: '1.2.0',
      build: '77',
      country: 'DE',
      properties,
      revenue_amount: 0.1 + 0.2,
      currency: 'EUR',
      product_id: 'gems_100',
      demo: true,
    };
    const bare: NewEvent = { insert_id: 'bare', name: 'tick', user_id: 'u', timestamp: '2026-11-28T09:00:00.000Z', receivedAt: new Date('2026-11-28T10:00:00.000Z'), demo: false };
    await store.append(projectId, [full, bare]);
    const stored = await store.latest(projectId, 10);
    const { receivedAt: _received, ...sent } = full;
    expect(stored.find((event) => event.insert_id === "it's-1")).toEqual({
      ...sent,
      timestamp: '1969-07-20T20:17:40.123Z',
      received_at: '2026-11-28T10:00:00.456Z',
      properties: JSON.parse(JSON.stringify(properties)) as unknown,
    });
    expect(stored.find((event) => event.insert_id === 'bare')).toMatchObject({
      session_id: null, platform: null, app_version: null, build: null, country: null, properties: {}, revenue_amount: null, currency: null, product_id: null, demo: false,
    });
    await store.close();
    store = undefined;
    const instance = await DuckDBInstance.create(path.join(dir, 'fields.duckdb'));
    try {
      const connection = await instance.connect();
      const [row] = (await connection.runAndReadAll(`SELECT properties::VARCHAR FROM ${projectTable(projectId)} WHERE insert_id = 'it''s-1'`)).getRowsJS();
      connection.closeSync();
      expect(row).toEqual([JSON.stringify(properties)]);
    } finally {
      instance.closeSync();
    }
  });

  it('keeps what it stored across a close and a reopen', async () => {
    const file = path.join(dir, 'reopen.duckdb');
    store = await openDuckDbEventStore({ file });
    await store.append(projectId, events(50, 'kept', false));
    await store.close();
    store = await openDuckDbEventStore({ file });
    expect((await store.summary(projectId)).totalEvents).toBe(50);
    await store.append(projectId, events(50, 'kept', false));
    expect((await store.summary(projectId)).totalEvents).toBe(50);
  });
});
