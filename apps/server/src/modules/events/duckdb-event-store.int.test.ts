import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDuckDbEventStore } from './duckdb-event-store';
import { EventStoreBusyError, type EventStore, type NewEvent } from './event-store';

// The store on its own: deleting by rebuilding, back-pressure, reopening after close.
const projectId = '6f1c1b5e-1111-4111-8111-111111111111';
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

describe('the DuckDB event store', () => {
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

  it('refuses a write that would overfill its queue, storing nothing of it', async () => {
    store = await openDuckDbEventStore({ file: path.join(dir, 'busy.duckdb'), maxQueuedEvents: 100 });
    await expect(store.append(projectId, events(101, 'big', false))).rejects.toBeInstanceOf(EventStoreBusyError);
    const [first, second] = [store.append(projectId, events(60, 'a', false)), store.append(projectId, events(60, 'b', false))];
    await expect(second).rejects.toBeInstanceOf(EventStoreBusyError);
    await first;
    expect((await store.summary(projectId)).totalEvents).toBe(60);
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
