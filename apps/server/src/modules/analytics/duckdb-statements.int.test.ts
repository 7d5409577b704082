import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPopulation } from '../demo/demo-population';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore } from '../events/event-store';
import { rollupTables } from '../events/duckdb-rollups';
import { DuckDbQuery, Params } from './duckdb-sql';

// Issue 20: under load every call into DuckDB waits for a busy event loop, so the number of calls
// an analytics read makes is what its time is made of. Statements asked for together are one call
// and keep their own rows, order and parameters; an overview is one call on fresh rollups, and two
// more when a commit made them stale.

const projectId = '0a7c5e11-2020-4020-8020-000000000022';
const money: ProjectMoney = { currency: 'USD', rates: {} };
const end = new Date('2026-04-01T12:00:00Z');

/** Counts the connection's entry points into DuckDB (each of which waits for the event loop at least once). */
function countCalls() {
  return {
    prepare: vi.spyOn(DuckDBConnection.prototype, 'prepare'),
    run: vi.spyOn(DuckDBConnection.prototype, 'run'),
    runAndReadAll: vi.spyOn(DuckDBConnection.prototype, 'runAndReadAll'),
  };
}

describe('statements asked for together', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    await connection.run(`CREATE TABLE numbers AS SELECT range AS n, range % 7 AS k FROM range(10000)`);
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });
  afterEach(() => vi.restoreAllMocks());

  it('go to DuckDB in one call, each with its own rows, order and parameters', async () => {
    const q = new DuckDbQuery(connection, rollupTables(projectId));
    const calls = countCalls();
    const ask = (sql: string, ...values: unknown[]) => {
      const params = new Params();
      return q.rows(sql.replace(/\?/g, () => params.add(values[params.values.length])), params);
    };
    const [descending, grouped, text, none] = await Promise.all([
      ask(`SELECT n::DOUBLE AS n FROM numbers WHERE n < ? ORDER BY n DESC`, 5000),
      ask(`SELECT k::VARCHAR AS k, count(*)::DOUBLE AS c FROM numbers WHERE k IN (?, ?) GROUP BY k ORDER BY k`, 2, 5),
      ask(`SELECT ? AS t, '$1' AS literal`, "it's $2"),
      ask(`SELECT n FROM numbers WHERE n < 0`),
    ]);
    expect(calls.prepare).toHaveBeenCalledTimes(1);
    expect(calls.run).not.toHaveBeenCalled();
    expect(calls.runAndReadAll).not.toHaveBeenCalled();
    expect(descending).toHaveLength(5000);
    expect(descending.slice(0, 2)).toEqual([{ n: 4999 }, { n: 4998 }]);
    expect(descending.every((row, index) => row.n === 4999 - index)).toBe(true);
    expect(grouped).toEqual([
      { k: '2', c: 1429 },
      { k: '5', c: 1428 },
    ]);
    expect(text).toEqual([{ t: "it's $2", literal: '$1' }]);
    expect(none).toEqual([]);
    // One asked alone runs alone, as it is.
    expect(await ask(`SELECT count(*)::DOUBLE AS c FROM numbers WHERE k = ?`, 3)).toEqual([{ c: 1429 }]);
    expect(calls.prepare).toHaveBeenCalledTimes(2);
  });

  it('fail together when one fails, and the connection serves the next ones', async () => {
    const q = new DuckDbQuery(connection, rollupTables(projectId));
    const answers = Promise.all([q.rows('SELECT 1 AS one'), q.rows('SELECT * FROM no_such_table')]);
    await expect(answers).rejects.toThrow(/no_such_table/);
    expect(await q.rows('SELECT 2::DOUBLE AS two')).toEqual([{ two: 2 }]);
  });
});

describe('an overview', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
  });
  afterAll(() => store.close());
  afterEach(() => vi.restoreAllMocks());

  it('is one call into DuckDB on fresh rollups, and a refresh two more', async () => {
    const events = [...demoPopulation({ players: 60, days: 20, end, seed: 22 })].map((event) => ({ ...event, receivedAt: end, demo: false }));
    await store.append(projectId, events.slice(0, 1000));
    const view = (from: string) => analyticsQuerySchema.parse({ from, to: '2026-04-01' });
    await store.metrics.overview(projectId, view('2026-03-20'), '2026-04-01', money); // builds the rollups

    let calls = countCalls();
    await store.metrics.overview(projectId, view('2026-03-21'), '2026-04-01', money);
    expect(calls.prepare.mock.calls.length + calls.run.mock.calls.length + calls.runAndReadAll.mock.calls.length).toBe(1);
    vi.restoreAllMocks();

    await store.append(projectId, events.slice(1000));
    calls = countCalls();
    await store.metrics.overview(projectId, view('2026-03-22'), '2026-04-01', money);
    expect(calls.prepare).toHaveBeenCalledTimes(1);
    expect(calls.run).toHaveBeenCalledTimes(2); // the marks, then the refresh of their days
    expect(calls.runAndReadAll).not.toHaveBeenCalled();
  });
});
