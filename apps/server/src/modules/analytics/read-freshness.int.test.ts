import { DuckDBConnection } from '@duckdb/node-api';
import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstDifference, referenceMetrics } from '../../../test/reference-metrics';
import { demoPopulation } from '../demo/demo-population';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';

// Issue 20 (ADR 022): while events stream in, a read is answered from the rollups as they are
// rather than waiting for a refresh, and from an answer already kept for them; never from before a
// delete; and once no refresh runs, the next read sees every acknowledged event again. The
// refresh is held at its first call into DuckDB, so "while a refresh runs" is certain.

const projectId = '0a7c5e11-2020-4020-8020-000000000023';
const end = new Date('2026-06-01T12:00:00Z');
const query = analyticsQuerySchema.parse({ from: '2026-05-03', to: '2026-06-01' });
const otherQuery = analyticsQuerySchema.parse({ from: '2026-05-20', to: '2026-06-01' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The answer, or 'waiting' if it has not come within `ms`. */
const within = <T>(answer: Promise<T>, ms: number) => Promise.race([answer, sleep(ms).then(() => 'waiting' as const)]);

describe('analytics reads while events stream in', () => {
  let store: EventStore;
  const events = [...demoPopulation({ players: 80, days: 30, end, seed: 23 })].map(
    (event, index): NewEvent => ({ ...event, receivedAt: end, demo: index % 5 === 0 }),
  );
  const [a, b, c] = [0, 1, 2].map((part) => events.filter((_, index) => index % 3 === part)) as [NewEvent[], NewEvent[], NewEvent[]];

  beforeAll(async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await store.close();
  });

  it('wait for no refresh, never miss a delete, and see everything once the stream pauses', async () => {
    await store.append(projectId, a);
    const onlyA = referenceMetrics(a);
    expect(firstDifference(await store.metrics.eventCatalogue(projectId, query), await onlyA.eventCatalogue(projectId, query))).toBeUndefined();

    // Hold every refresh at its first call until released.
    const { run } = Object.getOwnPropertyDescriptors(DuckDBConnection.prototype);
    let refreshes = 0;
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(async function (this: DuckDBConnection, sql: string, ...rest: unknown[]) {
      if (sql.includes('FROM rollup_dirty WHERE project')) {
        refreshes += 1;
        await held;
      }
      return run.value!.call(this, sql, ...(rest as []));
    });

    // A read after a commit starts a refresh (read-after-write) ...
    await store.append(projectId, b);
    const first = store.metrics.filterOptions(projectId, query);
    while (refreshes === 0) await sleep(5);
    // ... and events arrive while it runs.
    await store.append(projectId, c);
    // The kept answer, and a question never asked computed on the rollups as they are: no waiting.
    const kept = await within(store.metrics.eventCatalogue(projectId, query), 5_000);
    expect(firstDifference(kept, await onlyA.eventCatalogue(projectId, query))).toBeUndefined();
    const fresh = await within(store.metrics.eventCatalogue(projectId, otherQuery), 5_000);
    expect(firstDifference(fresh, await onlyA.eventCatalogue(projectId, otherQuery))).toBeUndefined();
    expect(refreshes).toBe(1);

    // A delete is never missed: the next read waits for rollups that took it in.
    expect(await store.deleteDemo(projectId)).toBeGreaterThan(0);
    const afterDelete = store.metrics.eventCatalogue(projectId, query);
    expect(await within(afterDelete, 300)).toBe('waiting');
    release?.();
    const remaining = referenceMetrics(events.filter((event) => !event.demo));
    expect(firstDifference(await afterDelete, await remaining.eventCatalogue(projectId, query))).toBeUndefined();
    await first;

    // The stream has paused (no refresh runs): every acknowledged event is in the next read.
    for (const [name, ask] of [
      ['event list', (metrics: typeof store.metrics) => metrics.eventCatalogue(projectId, otherQuery)],
      ['filters', (metrics: typeof store.metrics) => metrics.filterOptions(projectId, query)],
    ] as const) {
      expect(firstDifference(await ask(store.metrics), await ask(remaining)), name).toBeUndefined();
    }
  });
});
