import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { experimentSchema, type Experiment, type ExperimentMetric } from '@questboard/shared/experiments-api';
import type { ProjectMoney } from '@questboard/shared/money';
import { Random } from '../apps/server/src/modules/demo/demo-random';
import { openDuckDbEventStore } from '../apps/server/src/modules/events/duckdb-event-store';
import { projectTable } from '../apps/server/src/modules/events/event-table';
import type { EventStore, NewEvent } from '../apps/server/src/modules/events/event-store';
import { computeExperimentResults } from '../apps/server/src/modules/experiments/results/experiment-results';

// `npm run bench -- experiments` (issue 16, ADR 030): an experiment's results over 200,000 exposed
// players and about 10 million events, written straight into the embedded store through
// EventStore.append (no HTTP: what is measured is the results). Target: under 1 second. Beside it,
// bare DuckDB on the same file and events, measured in the same run: count(*) and a full scan of
// one column (distinct players), and the ratio of the results to the scan.

export const EXPERIMENTS_BENCH_PROJECT = '0b5e4c1a-0000-4000-8000-000000000016';
const PLAYERS = 200_000;
const EXPERIMENT_DAYS = 28;
const CHUNK = 50_000;
const runs = 9;
/** Bump when the generator below changes, so a kept file is not measured stale. */
const DATASET_VERSION = 2;
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 1.08 } };

export interface ExperimentsCaseResult {
  case: string;
  targetMs: number | null;
  runs: number;
  median: number;
  min: number;
  max: number;
  /** The median over the bare scan's median. */
  ofScan: number | null;
}

export interface ExperimentsBenchResult {
  events: number;
  exposedPlayers: number;
  loadSeconds: number | null;
  rollupBuildMs: number;
  /** uptime's 1-minute load average at the start and the end. */
  loadAverage: [number, number];
  results: ExperimentsCaseResult[];
}

const DAY_MS = 86_400_000;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The population: every player is exposed once on one of the experiment's 28 days, half of them
 * played before it (history), and `easy` keeps players a little better. About 50 events a player:
 * sessions of three levels, an ad half the time, a purchase now and then.
 */
function* population(end: number): Generator<NewEvent> {
  const random = new Random(16);
  const start = end - EXPERIMENT_DAYS * DAY_MS;
  const receivedAt = new Date(end);
  for (let index = 0; index < PLAYERS; index += 1) {
    const user = `bench-player-${index}`;
    const variant = random.chance(0.5) ? 'control' : 'easy';
    const exposedDay = Math.floor(random.between(0, EXPERIMENT_DAYS));
    const firstDay = random.chance(0.5) ? exposedDay - Math.floor(random.between(1, 20)) : exposedDay;
    const stay = random.between(0.2, 0.8) + (variant === 'easy' ? 0.03 : 0);
    let n = 0;
    const event = (at: number, name: string, extra: Partial<NewEvent> = {}): NewEvent => {
      n += 1;
      return { insert_id: `${user}-${n}`, name, user_id: user, session_id: `${user}-s${Math.floor(at / 3_600_000)}`, timestamp: new Date(at).toISOString(), timeMs: at, properties: {}, receivedAt, demo: true, ...extra };
    };
    for (let day = firstDay; day < EXPERIMENT_DAYS; day += 1) {
      if (day !== exposedDay && !random.chance(day < exposedDay ? 0.5 : stay ** Math.sqrt(day - exposedDay))) continue;
      let at = start + day * DAY_MS + random.between(0, DAY_MS - 4 * 3_600_000);
      yield event(at, 'session_start');
      if (day === exposedDay) yield event((at += 1000), 'experiment_exposure', { properties: { experiment: 'bench-experiment', variant } });
      for (let level = 0; level < 3; level += 1) {
        yield event((at += random.exponential(120_000)), 'level_start', { properties: { level: level + 1 } });
        yield event((at += random.exponential(120_000)), 'level_complete', { properties: { level: level + 1, duration_s: Math.round(random.logNormal(60, 0.4)) } });
      }
      if (random.chance(0.5)) yield event((at += 10_000), 'ad_impression', { properties: { placement: 'rewarded' } });
      if (random.chance(0.04)) yield event((at += 30_000), 'purchase', { revenue_amount: Math.round(random.logNormal(4, 1.2) * 100) / 100, currency: random.chance(0.2) ? 'EUR' : 'USD' });
    }
  }
}

async function openData(end: number): Promise<{ store: EventStore; file: string; events: number; loadSeconds: number | null }> {
  const day = new Date(end).toISOString().slice(0, 10);
  const dir = path.join(os.tmpdir(), 'questboard-experiments-bench');
  const file = path.join(dir, `events-v${DATASET_VERSION}-${PLAYERS}-${day}.duckdb`);
  const complete = `${file}.complete`;
  if (!fs.existsSync(complete)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  } else {
    await dropRollups(file);
  }
  const store = await openDuckDbEventStore({ file, maxQueuedEvents: 1_000_000, maxEventsPerCommit: 200_000, maxCachedAnswers: 0 });
  if (fs.existsSync(complete)) return { store, file, events: Number(fs.readFileSync(complete, 'utf8')), loadSeconds: null };
  const started = performance.now();
  let chunk: NewEvent[] = [];
  let events = 0;
  const pending: Promise<void>[] = [];
  for (const event of population(end)) {
    chunk.push(event);
    if (chunk.length === CHUNK) {
      pending.push(store.append(EXPERIMENTS_BENCH_PROJECT, chunk));
      events += chunk.length;
      chunk = [];
      if (pending.length >= 4) await pending.shift();
    }
  }
  if (chunk.length > 0) pending.push(store.append(EXPERIMENTS_BENCH_PROJECT, chunk));
  events += chunk.length;
  await Promise.all(pending);
  fs.writeFileSync(complete, String(events));
  return { store, file, events, loadSeconds: (performance.now() - started) / 1000 };
}

/** Each run measures building the rollups, so a kept dataset loses them first. */
async function dropRollups(file: string) {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  const tables = (await connection.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'events_%_r%_%'`)).getRowsJS();
  for (const [table] of tables) await connection.run(`DROP TABLE ${table as string}`);
  connection.closeSync();
  instance.closeSync();
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm-up
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Bare DuckDB on the same file (the store closed meanwhile): count(*) and a full scan of one column. */
async function bare(file: string): Promise<{ count: number[]; scan: number[] }> {
  const instance = await DuckDBInstance.create(file, { threads: '2' });
  const connection = await instance.connect();
  const table = projectTable(EXPERIMENTS_BENCH_PROJECT);
  const count = await time(() => connection.runAndReadAll(`SELECT count(*) FROM ${table}`));
  const scan = await time(() => connection.runAndReadAll(`SELECT count(DISTINCT user_id) FROM ${table}`));
  connection.closeSync();
  instance.closeSync();
  return { count, scan };
}

function experiment(end: number, primary: ExperimentMetric, secondary: ExperimentMetric[]): Experiment {
  return experimentSchema.parse({
    key: 'bench-experiment',
    hypothesis: 'Easier levels keep more players',
    variants: [
      { key: 'control', weight: 1, name: 'Control', overrides: [] },
      { key: 'easy', weight: 1, name: 'Easy', overrides: [] },
    ],
    targeting: [],
    audiencePercentage: 100,
    layer: null,
    primaryMetric: primary,
    secondaryMetrics: secondary,
    higherIsBetter: true,
    minimumDetectableEffect: 0.02,
    plannedPlayersPerVariant: 60_000,
    status: 'running',
    createdAt: new Date(end - 30 * DAY_MS).toISOString(),
    createdBy: 'bench@example.com',
    updatedAt: new Date(end - 30 * DAY_MS).toISOString(),
    startedAt: new Date(end - EXPERIMENT_DAYS * DAY_MS).toISOString(),
    stoppedAt: null,
    shippedVariant: null,
  });
}

const median = (times: number[]) => times[Math.floor(times.length / 2)] ?? 0;
const loadAverage = () => os.loadavg()[0] ?? 0;

export async function runExperimentsBench(): Promise<ExperimentsBenchResult> {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const now = new Date(end + 12 * 3_600_000);
  const loadBefore = loadAverage();
  let data = await openData(end);
  const d1 = experiment(end, { kind: 'retention', days: 1 }, []);
  const all = experiment(end, { kind: 'retention', days: 1 }, [
    { kind: 'retention', days: 7 },
    { kind: 'payer-conversion', days: 7 },
    { kind: 'revenue', days: 7 },
    { kind: 'sessions', days: 7 },
    { kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 3 } },
    { kind: 'property-mean', days: 3, event: 'level_complete', property: 'duration_s' },
  ]);
  let started = performance.now();
  const first = await computeExperimentResults(data.store, EXPERIMENTS_BENCH_PROJECT, d1, now, money);
  const rollupBuildMs = performance.now() - started;
  const exposedPlayers = first.exposures.reduce((sum, row) => sum + row.players, 0);
  const d1Times = await time(() => computeExperimentResults(data.store, EXPERIMENTS_BENCH_PROJECT, d1, now, money));
  const allTimes = await time(() => computeExperimentResults(data.store, EXPERIMENTS_BENCH_PROJECT, all, now, money));
  await data.store.close();
  const baseline = await bare(data.file);
  // Once more after the baseline, so a change of load between the two shows.
  data = { ...data, store: await openDuckDbEventStore({ file: data.file, maxCachedAnswers: 0 }) };
  started = performance.now();
  await computeExperimentResults(data.store, EXPERIMENTS_BENCH_PROJECT, d1, now, money);
  const d1Again = await time(() => computeExperimentResults(data.store, EXPERIMENTS_BENCH_PROJECT, d1, now, money));
  await data.store.close();
  const scan = median(baseline.scan);
  const row = (name: string, targetMs: number | null, times: number[], ofScan = true): ExperimentsCaseResult => ({
    case: name,
    targetMs,
    runs: times.length,
    median: round(median(times)),
    min: round(times[0] ?? 0),
    max: round(times.at(-1) ?? 0),
    ofScan: ofScan && scan > 0 ? Math.round((median(times) / scan) * 10) / 10 : null,
  });
  return {
    events: data.events,
    exposedPlayers,
    loadSeconds: data.loadSeconds,
    rollupBuildMs: round(rollupBuildMs),
    loadAverage: [loadBefore, loadAverage()],
    results: [
      row('results: D1 retention (primary only)', 1000, d1Times),
      row('results: D1 + 6 secondary metrics', null, allTimes),
      row('results: D1 retention, after the baseline', 1000, d1Again),
      row('bare DuckDB: count(*)', null, baseline.count, false),
      row('bare DuckDB: count(DISTINCT user_id), the scan', null, baseline.scan),
    ],
  };
}
