import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { demoPopulation } from '../apps/server/src/modules/demo/demo-population';
import { openDuckDbEventStore } from '../apps/server/src/modules/events/duckdb-event-store';
import type { EventStore, NewEvent } from '../apps/server/src/modules/events/event-store';
import { openClickHouseEventStore } from '../apps/server/src/modules/events/clickhouse/clickhouse-event-store';
import { openBenchClickHouse } from './lib/bench-clickhouse';

// The analytics bench's dataset (issue 8): about 10 million demo events written straight into the
// embedded store through EventStore.append (no HTTP: what is measured is the queries). The demo
// population is deterministic for a given end, so the file is kept between runs for the same day.

export const BENCH_PROJECT = '0b5e4c1a-0000-4000-8000-000000000008';
// About 82 events a player over 90 days (resource events since issue 17): 10 million events.
// BENCH_PLAYERS=12200 makes a tenth of it (1 million events), e.g. for a quicker ClickHouse run
// (writing 10 million events into ClickHouse takes minutes).
const PLAYERS = benchPlayers(process.env.BENCH_PLAYERS);

function benchPlayers(given: string | undefined): number {
  if (given === undefined || given === '') return 122_000;
  const players = Number(given);
  if (!Number.isInteger(players) || players < 100) throw new Error(`BENCH_PLAYERS must be a whole number of at least 100 (got ${given})`);
  return players;
}
const CHUNK = 50_000;

export interface BenchData {
  store: EventStore;
  events: number;
  end: Date;
  loadSeconds: number | null;
}

/**
 * The demo generator's sources, hashed: a change to what it generates (issue 17's tutorial steps,
 * for one) makes a new dataset instead of measuring a stale one.
 */
function generatorFingerprint(): string {
  const dir = path.join(import.meta.dirname, '../apps/server/src/modules/demo');
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(dir).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** The demo population of the bench for the day ending at `end`, in chunks, as the store receives it. */
async function writePopulation(store: EventStore, end: Date): Promise<number> {
  const receivedAt = new Date();
  let chunk: NewEvent[] = [];
  let events = 0;
  const pending: Promise<void>[] = [];
  for (const event of demoPopulation({ players: PLAYERS, days: 90, end, seed: 8 })) {
    chunk.push({ ...event, receivedAt, demo: true });
    if (chunk.length === CHUNK) {
      pending.push(store.append(BENCH_PROJECT, chunk));
      events += chunk.length;
      chunk = [];
      if (pending.length >= 4) await pending.shift();
    }
  }
  if (chunk.length > 0) pending.push(store.append(BENCH_PROJECT, chunk));
  events += chunk.length;
  await Promise.all(pending);
  return events;
}

/**
 * EVENT_STORE=clickhouse (issue 18): the same events in ClickHouse, written through the store's own
 * append on every run (a throwaway server's data goes with it; on CLICKHOUSE_URL's server the bench
 * project's events are removed first).
 */
export async function openClickHouseBenchData(end: Date): Promise<{ store: EventStore; events: number; loadSeconds: number; close(): Promise<void> }> {
  const server = await openBenchClickHouse();
  const store = await openClickHouseEventStore({ url: server.url, maxQueuedEvents: 1_000_000, maxEventsPerInsert: 200_000, timeoutMs: 600_000 });
  await store.deleteProject(BENCH_PROJECT);
  const started = performance.now();
  process.stdout.write('  writing the dataset into ClickHouse…\n');
  const events = await writePopulation(store, end);
  return {
    store,
    events,
    loadSeconds: (performance.now() - started) / 1000,
    close: async () => {
      await store.close();
      await server.stop();
    },
  };
}

export async function openBenchData(): Promise<BenchData> {
  const end = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const day = end.toISOString().slice(0, 10);
  const dir = path.join(os.tmpdir(), 'questboard-analytics-bench');
  const file = path.join(dir, `events-${PLAYERS}-${day}-${generatorFingerprint()}.duckdb`);
  const complete = `${file}.complete`;
  if (!fs.existsSync(complete)) {
    // This dataset anew, and those of other days; another generator's of today may be in use.
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(path.basename(file)) || !name.includes(`-${day}-`)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
  if (fs.existsSync(complete)) await dropRollups(file);
  // No answers kept: each run measures the queries, not the cache (issue 20).
  const store = await openDuckDbEventStore({ file, maxQueuedEvents: 1_000_000, maxEventsPerCommit: 200_000, maxCachedAnswers: 0 });
  if (fs.existsSync(complete)) {
    return { store, events: Number(fs.readFileSync(complete, 'utf8')), end, loadSeconds: null };
  }
  const started = performance.now();
  const events = await writePopulation(store, end);
  fs.writeFileSync(complete, String(events));
  return { store, events, end, loadSeconds: (performance.now() - started) / 1000 };
}

/** Each run measures building the rollups from the events, so a kept dataset loses them first. */
async function dropRollups(file: string) {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  const tables = (await connection.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'events_%_r%_%'`)).getRowsJS();
  for (const [table] of tables) await connection.run(`DROP TABLE ${table as string}`);
  connection.closeSync();
  instance.closeSync();
}
