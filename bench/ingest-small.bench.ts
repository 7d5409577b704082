import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { DuckDBInstance } from '@duckdb/node-api';
import Fastify from 'fastify';
import { projectTable } from '../apps/server/src/modules/events/event-table';
import { freePort } from '../apps/server/test/postgres-cluster';
import { repoRoot, seedProject, waitForReady } from '../apps/server/test/product-process';
import { benchClickHouse, openBenchClickHouse, type BenchClickHouse } from './lib/bench-clickhouse';

// `npm run bench -- ingest` (issue 20): games send a few events at a time from every player at once.
// 200 simulated players, each on its own keep-alive connection, send 1-event and then 10-event
// batches back to back through scripts/lib/keep-alive-load.mjs (a worker thread), to the product in
// its own process (as `npm start` runs it, logging at info), and to a bare Fastify that only parses
// the same bodies, in the same run. Afterwards the store is read: every acknowledged event must be
// there exactly once. Load generator, product and other work share this machine's two cores. With
// EVENT_STORE=clickhouse the product runs a second time with its events in ClickHouse (issue 18).

const players = 200;
const durationMs = Number(process.env.BENCH_INGEST_SECONDS ?? 10) * 1000;
const warmupMs = 2_000;
const batchSizes = [1, 10];

export interface SmallBatchCase {
  case: string;
  batchSize: number;
  requestsPerSecond: number;
  eventsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  limited429: number;
  errors: number;
  /** Events the product acknowledged (warm-up included), and what its store holds of them afterwards. */
  acknowledgedEvents: number | null;
  storedEvents: number | null;
  storedDistinct: number | null;
  ratioToBare: number | null;
}

interface Load {
  count: number;
  errors: number;
  limited: number;
  acknowledged: number;
  seconds: number;
  latencies: Float64Array;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** A batch as a game sends it; the load generator fills in the player and a fresh request number. */
function batchBody(size: number): string {
  const at = new Date().toISOString();
  const events = Array.from({ length: size }, (_, i) => ({
    insert_id: `b${size}-__REQUEST__-${i}`,
    name: i % 3 === 0 ? 'level_start' : 'resource',
    user_id: 'player-__PLAYER__',
    session_id: 'session-__PLAYER__',
    timestamp: at,
    platform: 'android',
    app_version: '1.4.2',
    country: 'DE',
    properties: i % 3 === 0 ? { level: 7 } : { flow: 'source', virtual_currency: 'gems', amount: 5 },
  }));
  return JSON.stringify({ events });
}

function load(url: string, body: string, headers: Record<string, string>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../scripts/lib/keep-alive-load.mjs', import.meta.url), {
      workerData: { url, headers, body, connections: players, durationMs, warmupMs },
    });
    worker.once('message', (result: Load) => resolve(result));
    worker.once('error', reject);
  });
}

function summarise(name: string, batchSize: number, result: Load, acknowledged: boolean): SmallBatchCase {
  const sorted = result.latencies.sort();
  const requestsPerSecond = Math.round(result.count / result.seconds);
  return {
    case: name,
    batchSize,
    requestsPerSecond,
    eventsPerSecond: requestsPerSecond * batchSize,
    requests: result.count,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    limited429: result.limited,
    errors: result.errors,
    acknowledgedEvents: acknowledged ? result.acknowledged : null,
    storedEvents: null,
    storedDistinct: null,
    ratioToBare: null,
  };
}

/** Bare Fastify parsing the same bodies and answering as ingestion does: the ceiling of one request. */
async function bare(batchSize: number): Promise<SmallBatchCase> {
  const app = Fastify({ logger: false });
  app.post<{ Body: { events: unknown[] } }>('/ingest/v1/batch', async (request) => ({ accepted: request.body.events.length, rejected: [] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    process.stdout.write(`  bare Fastify, ${batchSize}-event batches…\n`);
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ingest/v1/batch`;
    return summarise(`bare Fastify, ${batchSize}-event`, batchSize, await load(url, batchBody(batchSize), {}), false);
  } finally {
    await app.close();
  }
}

/** How many of the project's events came from each batch size, and how many distinct insert_ids (the server must be stopped). */
async function storedCounts(dataDir: string, projectId: string, batchSize: number) {
  const instance = await DuckDBInstance.create(path.join(dataDir, 'events', 'events.duckdb'));
  try {
    const connection = await instance.connect();
    const rows = (
      await connection.runAndReadAll(`SELECT count(*)::DOUBLE, count(DISTINCT insert_id)::DOUBLE FROM ${projectTable(projectId)} WHERE insert_id LIKE 'b${batchSize}-%'`)
    ).getRowsJS();
    connection.closeSync();
    const [[stored, distinct]] = rows as [[number, number]];
    return { stored, distinct };
  } finally {
    instance.closeSync();
  }
}

/** The product, as `npm start` runs it, on DuckDB or on ClickHouse: its cases, with what its store holds afterwards. */
async function productCases(clickhouse: BenchClickHouse | undefined): Promise<SmallBatchCase[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-ingest-small-'));
  const { projectId, key } = await seedProject(dataDir, 'bench');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.CLICKHOUSE_URL;
  if (clickhouse) env.CLICKHOUSE_URL = clickhouse.url;
  const label = clickhouse ? 'Questboard on ClickHouse' : 'Questboard';
  // BENCH_CPU_PROFILE_DIR=<folder>: the product writes a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, 'scripts/start.cjs'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const product: SmallBatchCase[] = [];
  try {
    await waitForReady(`http://127.0.0.1:${port}`);
    for (const size of batchSizes) {
      process.stdout.write(`  ${label}, ${size}-event batches…\n`);
      const result = await load(`http://127.0.0.1:${port}/ingest/v1/batch`, batchBody(size), { 'x-ingest-key': key });
      product.push(summarise(`${label}, ${size}-event`, size, result, true));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  try {
    for (const result of product) {
      const { stored, distinct } = clickhouse ? await clickhouse.counts(projectId, `b${result.batchSize}-`) : await storedCounts(dataDir, projectId, result.batchSize);
      result.storedEvents = stored;
      result.storedDistinct = distinct;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return product;
}

export async function runSmallBatchBench(): Promise<{ players: number; seconds: number; results: SmallBatchCase[] }> {
  const results: SmallBatchCase[] = [];
  for (const size of batchSizes) results.push(await bare(size));
  const product = await productCases(undefined);
  if (benchClickHouse) {
    const clickhouse = await openBenchClickHouse();
    try {
      product.push(...(await productCases(clickhouse)));
    } finally {
      await clickhouse.stop();
    }
  }
  for (const result of product) {
    const baseline = results.find((r) => r.batchSize === result.batchSize);
    result.ratioToBare = baseline ? round(result.requestsPerSecond / baseline.requestsPerSecond, 3) : null;
  }
  return { players, seconds: durationMs / 1000, results: [...results, ...product] };
}
