// `npm run bench`: the performance benchmarks. Prints tables and writes bench/results/*.json.
// Never part of `npm test` (docs/product/http-contract.md#commands). `npm run bench -- projects`, `-- ingest`, `-- analytics`, `-- api`, `-- load`, `-- live` or `-- experiments` runs one.
// EVENT_STORE=clickhouse adds ClickHouse runs of ingestion and the analytics cases beside the embedded store's (issue 18).
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { repoRoot } from './lib/web-build.mjs';

register();
const only = process.argv[2];
const dir = path.join(repoRoot, 'bench/results');
fs.mkdirSync(dir, { recursive: true });

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function write(name, content) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, ...content }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(repoRoot, file)}`);
}

if (!only || only === 'projects') {
  const { runProjectsBench } = await import('../bench/projects.bench.ts');
  const { database, results } = await runProjectsBench();
  const target = 20;
  console.log(`\nProjects over HTTP, 10,000 projects in one organisation, ${database} (milliseconds; target p95 < ${target} ms)\n`);
  table(
    ['case', 'requests', 'p50', 'p95', 'p99', 'mean', 'max', 'p95 target'],
    results.map((r) => [r.case, r.requests, r.p50, r.p95, r.p99, r.mean, r.max, r.p95 < target ? 'met' : 'MISSED'].map(String)),
  );
  write(`projects-${database}`, { database, targetP95Ms: target, results });
}

if (!only || only === 'ingest') {
  const { runSmallBatchBench } = await import('../bench/ingest-small.bench.ts');
  const small = await runSmallBatchBench();
  const targets = { requestsPerSecond: 5_000, p99Ms: 100 };
  console.log(
    `\nIngestion of small batches: ${small.players} players on keep-alive connections, ${small.seconds} s each, same load generator (target: at least ${targets.requestsPerSecond.toLocaleString('en')} requests/s, p99 < ${targets.p99Ms} ms, no 429, every acknowledged event stored once)\n`,
  );
  table(
    ['case', 'requests/s', 'events/s', 'requests', 'ack p50 ms', 'ack p99 ms', '429', 'errors', 'acknowledged', 'stored', 'of bare', 'target'],
    small.results.map((r) => {
      const once = r.acknowledgedEvents !== null && r.storedEvents === r.acknowledgedEvents && r.storedDistinct === r.storedEvents;
      const met = r.requestsPerSecond >= targets.requestsPerSecond && r.p99 < targets.p99Ms && r.limited429 === 0 && r.errors === 0 && once;
      return [
        r.case,
        r.requestsPerSecond.toLocaleString('en'),
        r.eventsPerSecond.toLocaleString('en'),
        r.requests,
        r.p50,
        r.p99,
        r.limited429,
        r.errors,
        r.acknowledgedEvents?.toLocaleString('en') ?? '',
        r.storedEvents === null ? '' : `${r.storedEvents.toLocaleString('en')}${r.storedDistinct === r.storedEvents ? '' : ` (${r.storedDistinct} distinct)`}`,
        r.ratioToBare === null ? '' : `${(r.ratioToBare * 100).toFixed(1)}%`,
        r.acknowledgedEvents === null ? '' : met ? 'met' : once ? 'MISSED' : 'MISSED (not stored once)',
      ].map(String);
    }),
  );
  write('ingest-small', { targets, ...small });

  const { runIngestBench } = await import('../bench/ingest.bench.ts');
  const ingestResults = [await runIngestBench()];
  if (process.env.EVENT_STORE === 'clickhouse') {
    // Issue 18: the same run with the events in ClickHouse, printed beside the embedded store's.
    const { openBenchClickHouse } = await import('../bench/lib/bench-clickhouse.ts');
    const clickhouse = await openBenchClickHouse();
    try {
      ingestResults.push(await runIngestBench(clickhouse.url));
    } finally {
      await clickhouse.stop();
    }
  }
  const target = 50_000;
  console.log(`\nIngestion over HTTP, 1,000-event batches, 16 senders on the same machine (target ≥ ${target.toLocaleString('en')} events/s)\n`);
  table(
    ['store', 'events/s', 'of DuckDB', 'requests', 'ack p50 ms', 'ack p95 ms', 'ack p99 ms', 'ack max ms', 'server CPU µs/event', 'sender CPU µs/event', 'target'],
    ingestResults.map((result) =>
      [
        result.store,
        result.eventsPerSecond.toLocaleString('en'),
        `${((result.eventsPerSecond / ingestResults[0].eventsPerSecond) * 100).toFixed(1)}%`,
        result.requests,
        result.p50,
        result.p95,
        result.p99,
        result.max,
        result.serverCpuMicrosPerEvent ?? 'n/a',
        result.senderCpuMicrosPerEvent,
        result.eventsPerSecond >= target ? 'met' : 'MISSED',
      ].map(String),
    ),
  );
  write('ingest', { targetEventsPerSecond: target, results: ingestResults });
}

if (!only || only === 'analytics') {
  // `npm run bench -- analytics '<text>|<text>'` runs only the cases whose name contains one of the texts (and the baseline).
  const { runAnalyticsBench } = await import('../bench/analytics.bench.ts');
  const result = await runAnalyticsBench(process.argv[3]);
  const loads = (values) => values.map((load) => load.toFixed(2)).join(', ');
  console.log(`\nLoad average (1, 5, 15 minutes): ${loads(result.loadAverage.start)} before the first case, ${loads(result.loadAverage.end)} after the last`);
  console.log(`\nAnalytics over ${result.events.toLocaleString('en')} demo events in the embedded store (milliseconds, ${result.results[0]?.runs ?? 0} runs each after a warm-up)\n`);
  if (result.loadSeconds !== null) console.log(`Dataset written straight into the store in ${result.loadSeconds.toFixed(0)} s (kept for the day in the temp folder).`);
  console.log('Each run of a case follows a run of the baseline (bare DuckDB); "baseline" is its median over those runs.');
  console.log(`Rollups built from the events in ${result.rollupBuildMs} ms; refreshed after a 1,000-event commit in ${result.incrementalRefreshMs} ms.\n`);
  const onClickHouse = result.clickhouseEvents !== null;
  if (onClickHouse) {
    console.log(
      `EVENT_STORE=clickhouse: the same ${result.clickhouseEvents.toLocaleString('en')} events written into ClickHouse in ${result.clickhouseLoadSeconds.toFixed(0)} s; each case also ran ${result.results.find((r) => r.clickhouse)?.clickhouse.runs ?? 0} times there, each run after one of the baseline ("CH baseline" is that median). Its rollups were built by the first read in ${result.clickhouseRollupBuildMs} ms and refreshed after a 1,000-event commit in ${result.clickhouseIncrementalRefreshMs} ms.\n`,
    );
  }
  table(
    ['case', 'median', 'p95', 'min', 'max', 'baseline', 'x baseline', 'target', ...(onClickHouse ? ['ClickHouse median', 'CH baseline', 'CH x baseline', 'CH / DuckDB'] : [])],
    result.results.map((r) =>
      [
        r.case,
        r.median,
        r.p95,
        r.min,
        r.max,
        r.baselineMedian,
        (r.median / r.baselineMedian).toFixed(2),
        r.targetMs === null ? '' : r.median < r.targetMs ? `met (< ${r.targetMs})` : `MISSED (< ${r.targetMs})`,
        ...(onClickHouse
          ? r.clickhouse
            ? [r.clickhouse.median, r.clickhouse.baselineMedian, (r.clickhouse.median / r.clickhouse.baselineMedian).toFixed(2), (r.clickhouse.median / r.median).toFixed(1)]
            : ['', '', '', '']
          : []),
      ].map(String),
    ),
  );
  write(process.argv[3] ? `analytics-${process.argv[3].replace(/[^a-z0-9]+/gi, '-')}` : 'analytics', result);
}

if (!only || only === 'api') {
  const { runApiBench } = await import('../bench/api.bench.ts');
  const result = await runApiBench();
  const ratioTarget = 0.1;
  const p99Target = 20;
  console.log(
    `\nRequests over HTTP, ${result.connections} keep-alive connections for ${result.seconds} s each, same load generator (target: at least ${ratioTarget * 100}% of bare Fastify, p99 < ${p99Target} ms)\n`,
  );
  if (!result.postgres) console.log('PostgreSQL 15 not found (DATABASE_URL unset, no server binaries): its cases are missing.\n');
  table(
    ['case', 'database', 'requests/s', 'requests', 'errors', 'p50 ms', 'p99 ms', 'of bare', 'target'],
    result.results.map((r) =>
      [
        r.case,
        r.database ?? '',
        r.requestsPerSecond.toLocaleString('en'),
        r.requests,
        r.errors,
        r.p50,
        r.p99,
        `${(r.ratioToBare * 100).toFixed(1)}%`,
        r.database === null ? '' : r.ratioToBare >= ratioTarget && r.p99 < p99Target && r.errors === 0 ? 'met' : 'MISSED',
      ].map(String),
    ),
  );
  write('api', { ratioTarget, p99TargetMs: p99Target, ...result });
}

if (!only || only === 'load') {
  const { runLoadBench } = await import('../bench/load.bench.ts');
  const result = await runLoadBench();
  console.log(
    `\nLoad: ${result.clients} keep-alive clients for ${result.seconds} s on ${result.database}, a third each on the project list, the overview (${result.events.toLocaleString('en')} events) and ingestion (milliseconds; a 503 with Retry-After is load shedding, not an error)\n`,
  );
  console.log(`The first three overviews after the start (building the rollups) took ${result.rollupBuildMs} ms.\n`);
  table(
    ['kind', 'requests', 'per s', '503 shed', 'errors', 'p50', 'p95', 'p99', 'max', 'p99 target'],
    result.results.map((r) => [r.kind, r.requests, r.perSecond, r.shed503, r.errors, r.p50, r.p95, r.p99, r.max, r.errors === 0 && r.p99 < r.targetP99Ms ? `met (< ${r.targetP99Ms})` : `MISSED (< ${r.targetP99Ms})`].map(String)),
  );
  for (const r of result.results) if (r.errorSample) console.log(`${r.kind}: first error ${r.errorSample}`);
  write('load', result);
}

if (!only || only === 'live') {
  const { runLiveBench } = await import('../bench/live.bench.ts');
  const result = await runLiveBench();
  const p99Target = 20;
  const ratioTarget = 0.5;
  console.log(
    `\nLive config delivery over HTTP on ${result.database}: ${result.keys} keys with ${result.rulesPerKey} rules each, ${result.connections} keep-alive connections for ${result.seconds} s each (target: p99 < ${p99Target} ms and at least ${ratioTarget * 100}% of /healthz's requests a second)\n`,
  );
  table(
    ['case', 'requests/s', 'requests', 'errors', 'p50 ms', 'p99 ms', 'main thread µs/request', 'target'],
    result.results.map((r) =>
      [r.case, r.requestsPerSecond.toLocaleString('en'), r.requests, r.errors, r.p50, r.p99, r.mainThreadMicrosPerRequest, r.case === 'GET /healthz' ? '' : r.p99 < p99Target && r.errors === 0 ? 'met' : 'MISSED'].map(String),
    ),
  );
  console.log(`\n/live/v1/config answered ${(result.ratio * 100).toFixed(1)}% of /healthz's requests a second: ${result.ratio >= ratioTarget ? 'met' : 'MISSED'}.`);
  write(`live-${result.database}`, { p99TargetMs: p99Target, ratioTarget, ...result });
}

if (!only || only === 'experiments') {
  const { runExperimentsBench } = await import('../bench/experiments.bench.ts');
  const result = await runExperimentsBench();
  const [before, after] = result.loadAverage;
  console.log(
    `\nExperiment results: ${result.exposedPlayers.toLocaleString('en')} exposed players over ${result.events.toLocaleString('en')} events in the embedded store (milliseconds, ${result.results[0]?.runs ?? 0} runs each after a warm-up; target < 1,000 ms; load average ${before.toFixed(2)} at the start, ${after.toFixed(2)} at the end)\n`,
  );
  if (result.loadSeconds !== null) console.log(`Dataset written straight into the store in ${result.loadSeconds.toFixed(0)} s (kept for the day in the temp folder).`);
  console.log(`Rollups built from the events, with the first results, in ${result.rollupBuildMs} ms.\n`);
  table(
    ['case', 'median', 'min', 'max', 'x bare scan', 'target'],
    result.results.map((r) =>
      [r.case, r.median, r.min, r.max, r.ofScan === null ? '' : `${r.ofScan}x`, r.targetMs === null ? '' : r.median < r.targetMs ? `met (< ${r.targetMs})` : `MISSED (< ${r.targetMs})`].map(String),
    ),
  );
  write('experiments', result);
}
