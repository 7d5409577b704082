import { signUpBenchOwner } from './lib/bench-owner';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { createProject } from '../apps/server/src/modules/projects/project-service';
import { findPostgresBinaries, startPostgresCluster } from '../apps/server/test/postgres-cluster';

// `npm run bench -- api` (issue 20): what one request costs. A bare Fastify hello-world and the
// product's authenticated GET /core/projects/all (10,000 projects) and GET /core/orgs/info, on
// PGlite and on PostgreSQL, driven by the same keep-alive load generator in its own thread
// (scripts/lib/keep-alive-load.mjs), in one run. The product logs at info (to /dev/null), as it runs.

const projectCount = 10_000;
const connections = 50;
const durationMs = Number(process.env.BENCH_API_SECONDS ?? 10) * 1000;
const warmupMs = 2_000;

export interface ApiCase {
  case: string;
  database: string | null;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  ratioToBare: number;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

interface Load {
  count: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
}

function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../scripts/lib/keep-alive-load.mjs', import.meta.url), {
      workerData: { url, headers, connections, durationMs, warmupMs },
    });
    worker.once('message', (result: Load) => resolve(result));
    worker.once('error', reject);
  });
}

const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function measure(name: string, database: string | null, url: string, headers?: Record<string, string>) {
  process.stdout.write(`  ${name}${database ? ` on ${database}` : ''}…\n`);
  const result = await load(url, headers);
  const sorted = result.latencies.sort();
  return {
    case: name,
    database,
    requestsPerSecond: Math.round(result.count / result.seconds),
    requests: result.count,
    errors: result.errors,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    ratioToBare: 0,
  } satisfies ApiCase;
}

async function bare(): Promise<ApiCase> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await measure('bare Fastify hello-world', null, `${baseOf(app)}/`);
  } finally {
    await app.close();
  }
}

/** A throwaway database: in DATABASE_URL's server, or in a throwaway cluster of the installed PostgreSQL 15. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  let adminUrl = process.env.DATABASE_URL;
  let stop = () => undefined as unknown;
  if (!adminUrl) {
    const binDir = findPostgresBinaries();
    if (!binDir) return null;
    const cluster = await startPostgresCluster(binDir);
    adminUrl = cluster.url;
    stop = () => cluster.stop();
  }
  const name = `qb_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      stop();
    },
  };
}

async function product(databaseUrl: string | undefined): Promise<ApiCase[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-bench-api-'));
  const config = parseConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'info', SMTP_URL: '', NODE_ENV: 'production' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const devNull = fs.createWriteStream('/dev/null');
  const app = await buildApp({ config, database, logger: { level: 'info', stream: devNull } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = baseOf(app);
  try {
    // A real user and organisation, through the API.
    const { idToken, organisationId } = await signUpBenchOwner(base);

    // 10,000 projects through the product's own code (each with its first ingestion key), 25 at a time.
    const started = Date.now();
    const games = ['Space Miner', 'Pixel Quest', 'Dungeon Dash', 'Farm Tycoon'];
    for (let offset = 0; offset < projectCount; offset += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, projectCount - offset) }, (_, i) => {
          const n = offset + i;
          const name = `Project ${n.toString().padStart(5, '0')} ${games[n % 4]}`;
          return createProject(database.db, systemClock, organisationId, { name, description: `Bench project number ${n}. `.repeat(8) });
        }),
      );
    }
    // Fresh planner statistics, as autovacuum (or the server's stand-in for it on PGlite) has them within a minute.
    await database.db.execute(sql`vacuum analyze projects`);
    process.stdout.write(`Seeded ${projectCount} projects in ${Date.now() - started} ms on ${database.driver}.\n`);

    const headers = { authorization: `Bearer ${idToken}` };
    const label = database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      await measure('GET /core/projects/all', label, `${base}/core/projects/all`, headers),
      await measure('GET /core/orgs/info', label, `${base}/core/orgs/info`, headers),
    ];
  } finally {
    await app.close();
    await database.close();
    devNull.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench(): Promise<{ connections: number; seconds: number; results: ApiCase[]; postgres: boolean }> {
  const results: ApiCase[] = [await bare()];
  // BENCH_API_DATABASES=postgres (or pglite) measures one of them.
  const databases = process.env.BENCH_API_DATABASES ?? 'pglite,postgres';
  if (databases.includes('pglite')) results.push(...(await product(undefined)));
  const postgres = databases.includes('postgres') ? await postgresDatabase() : null;
  if (postgres) {
    try {
      results.push(...(await product(postgres.url)));
    } finally {
      await postgres.drop();
    }
  }
  const baseline = results[0]?.requestsPerSecond ?? 1;
  for (const result of results) result.ratioToBare = round(result.requestsPerSecond / baseline, 3);
  return { connections, seconds: durationMs / 1000, results, postgres: postgres !== null };
}
