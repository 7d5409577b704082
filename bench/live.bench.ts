import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { postTo, readJson, signUpBenchOwner } from './lib/bench-owner';

// `npm run bench -- live` (issue 15): GET /live/v1/config for a published config of 200 keys with 5
// rules each, against GET /healthz in the same run, both with 50 keep-alive connections from the
// load generator of `bench -- api` (scripts/lib/keep-alive-load.mjs). PGlite, or DATABASE_URL's
// PostgreSQL. Targets: p99 under 20 ms, and at least half the requests a second of /healthz.

const keyCount = 200;
const connections = 50;
const durationMs = Number(process.env.BENCH_LIVE_SECONDS ?? 10) * 1000;
const warmupMs = 2_000;

export interface LiveCase {
  case: string;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  /** The server's main thread busy per request answered (event-loop utilisation; the load generator is a worker). */
  mainThreadMicrosPerRequest: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

function load(
  url: string,
  headers: Record<string, string>,
): Promise<{ count: number; errors: number; seconds: number; latencies: Float64Array }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../scripts/lib/keep-alive-load.mjs', import.meta.url), {
      workerData: { url, headers, connections, durationMs, warmupMs },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<LiveCase> {
  process.stdout.write(`  ${name}…\n`);
  const started = performance.eventLoopUtilization();
  const result = await load(url, headers);
  // Warm-up included on both sides of the division: the generator counts only after it, so this errs high by little.
  const busy = performance.eventLoopUtilization(started);
  const sorted = result.latencies.sort();
  return {
    case: name,
    requestsPerSecond: Math.round(result.count / result.seconds),
    requests: result.count,
    errors: result.errors,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    mainThreadMicrosPerRequest: Math.round((busy.active * 1000 * (result.seconds / (result.seconds + warmupMs / 1000))) / result.count),
  };
}

/** Five rules of every kind a key can have: platform, country, version range, property, and a 50% rollout. */
function rulesFor(index: number) {
  return [
    { conditions: [{ kind: 'platform', values: ['android'] }], rollout: null, value: index + 1 },
    { conditions: [{ kind: 'country', values: ['FR', 'ES', 'IT'] }], rollout: null, value: index + 2 },
    {
      conditions: [{ kind: 'app_version', range: '>=2.0.0 <3.0.0 || 1.2.0 - 1.3.x' }],
      rollout: null,
      value: index + 3,
    },
    { conditions: [{ kind: 'property', name: 'level', operator: 'gte', value: 50 }], rollout: null, value: index + 4 },
    { conditions: [{ kind: 'platform', values: ['ios'] }], rollout: { percentage: 50 }, value: index + 5 },
  ];
}

export async function runLiveBench(): Promise<{
  database: string;
  keys: number;
  rulesPerKey: number;
  connections: number;
  seconds: number;
  results: LiveCase[];
  ratio: number;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-bench-live-'));
  const config = parseConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    NODE_ENV: 'production',
  });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const devNull = fs.createWriteStream('/dev/null');
  const app = await buildApp({ config, database, logger: { level: 'info', stream: devNull } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // The config made the way a person makes it: through the API, then published.
    const { idToken } = await signUpBenchOwner(base);
    const post = postTo(base);
    const project = await readJson<{ id: string }>(
      await post(
        '/core/projects',
        { name: 'Live Bench', description: 'A game whose live config is measured. '.repeat(5) },
        idToken,
      ),
    );
    const live = `/core/projects/${project.id}/live`;
    for (let index = 0; index < keyCount; index += 1) {
      await readJson(
        await post(
          `${live}/keys`,
          { name: `tuning.key_${index}`, type: 'number', defaultValue: index, rules: rulesFor(index) },
          idToken,
        ),
      );
    }
    await readJson(await post(`${live}/publish`, { note: 'bench' }, idToken));
    const keys = await readJson<{ keys: { key: string }[] }>(
      await fetch(`${base}/core/projects/${project.id}/ingest-keys`, {
        headers: { authorization: `Bearer ${idToken}` },
      }),
    );
    const ingestKey = keys.keys[0]?.key ?? '';
    const query = new URLSearchParams({
      user_id: 'player-42',
      platform: 'ios',
      country: 'DE',
      app_version: '1.4.2',
      properties: JSON.stringify({ level: 12, vip: true }),
    });
    process.stdout.write(`Published ${keyCount} keys with 5 rules each on ${database.driver}.\n`);

    const results = [
      await measure('GET /healthz', `${base}/healthz`),
      await measure('GET /live/v1/config', `${base}/live/v1/config?${query.toString()}`, { 'x-ingest-key': ingestKey }),
    ];
    const [health, liveConfig] = results as [LiveCase, LiveCase];
    return {
      database: database.driver,
      keys: keyCount,
      rulesPerKey: 5,
      connections,
      seconds: durationMs / 1000,
      results,
      ratio: round(liveConfig.requestsPerSecond / health.requestsPerSecond, 3),
    };
  } finally {
    await app.close();
    await database.close();
    devNull.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
