import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { demoPopulation } from '../apps/server/src/modules/demo/demo-population';
import { freePort } from '../apps/server/test/postgres-cluster';
import { repoRoot, seedProject, waitForReady } from '../apps/server/test/product-process';

// `npm run bench` (issue 7): sustained ingestion over real HTTP (keep-alive, loopback) with
// 1,000-event batches, and the acknowledgement latency. Target: at least 50,000 events a second.
// Sixteen senders keep batches in flight at once, as many games do; each waits for its answer before
// sending the next, so the figure is what acknowledged, durable ingestion sustains. The load generator
// runs on the same two cores as the server, which a game's traffic would not: it is a lower bound.

const batchSize = 1000;
const concurrency = 16;
const warmupMs = 5_000;
const measureMs = 20_000;

export interface IngestBenchResult {
  /** Where the product kept the events: the embedded store, or ClickHouse (EVENT_STORE=clickhouse). */
  store: 'DuckDB' | 'ClickHouse';
  eventsPerSecond: number;
  /** CPU time the product's process spent per event while measured (all its threads), microseconds. */
  serverCpuMicrosPerEvent: number | null;
  /** CPU time of the load generator (this process) per event, microseconds. */
  senderCpuMicrosPerEvent: number;
  requests: number;
  events: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** User plus system CPU time of a process, in milliseconds (Linux /proc; null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** A realistic batch (from the demo population) with a placeholder that makes every batch's ids new. */
function batchTemplate(): string {
  const events = [];
  for (const event of demoPopulation({ players: 200, days: 30, end: new Date(), seed: 7 })) {
    events.push({ ...event, insert_id: `bench-__BATCH__-${events.length}` });
    if (events.length === batchSize) break;
  }
  return JSON.stringify({ events });
}

/** `clickhouseUrl`: the product keeps its events there instead of the embedded store. */
export async function runIngestBench(clickhouseUrl?: string): Promise<IngestBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-ingest-bench-'));
  // The project and its key are written straight into the embedded database; what is measured is ingestion.
  const key = await seedProject(dataDir, 'bench');
  // The product in its own process, as `npm start` runs it: the load generator does not share its
  // event loop. The embedded database for accounts: the event store is what is measured.
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.CLICKHOUSE_URL;
  if (clickhouseUrl) env.CLICKHOUSE_URL = clickhouseUrl;
  // BENCH_CPU_PROFILE_DIR=<folder>: the product writes a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, 'scripts/start.cjs'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  await waitForReady(`http://127.0.0.1:${port}`);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const template = batchTemplate();
  let nextBatch = 0;

  const send = () =>
    new Promise<number>((resolve, reject) => {
      const body = template.replaceAll('__BATCH__', String(nextBatch++));
      const started = performance.now();
      const req = request(
        { agent, port, host: '127.0.0.1', method: 'POST', path: '/ingest/v1/batch', headers: { 'content-type': 'application/json', 'x-ingest-key': key.key, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const accepted = res.statusCode === 200 ? (JSON.parse(text) as { accepted: number }).accepted : 0;
            if (accepted === batchSize) resolve(performance.now() - started);
            else reject(new Error(`ingest answered ${res.statusCode}: ${text.slice(0, 200)}`));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  try {
    const latencies: number[] = [];
    let measuring = false;
    let measuredStart = 0;
    const deadline = performance.now() + warmupMs + measureMs;
    // Set when measuring starts (an object, so the type checker does not assume it stays empty).
    const cpuAtStart: { server: number | null; sender: NodeJS.CpuUsage } = { server: null, sender: process.cpuUsage() };
    setTimeout(() => {
      measuring = true;
      measuredStart = performance.now();
      cpuAtStart.server = processCpuMs(server.pid);
      cpuAtStart.sender = process.cpuUsage();
    }, warmupMs);
    const worker = async () => {
      while (performance.now() < deadline) {
        const latency = await send();
        if (measuring) latencies.push(latency);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - measuredStart) / 1000;
    const serverCpuEnd = processCpuMs(server.pid);
    const senderCpu = process.cpuUsage(cpuAtStart.sender);
    const serverCpuStart = cpuAtStart.server;
    const events = latencies.length * batchSize;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      store: clickhouseUrl ? 'ClickHouse' : 'DuckDB',
      eventsPerSecond: Math.round(events / seconds),
      serverCpuMicrosPerEvent: serverCpuStart === null || serverCpuEnd === null ? null : round(((serverCpuEnd - serverCpuStart) * 1000) / events),
      senderCpuMicrosPerEvent: round((senderCpu.user + senderCpu.system) / events),
      requests: latencies.length,
      events: latencies.length * batchSize,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    };
  } finally {
    agent.destroy();
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
