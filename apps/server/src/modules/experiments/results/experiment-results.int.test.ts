import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentResultsSchema, experimentSchema, type Experiment, type ExperimentMetric } from '@questboard/shared/experiments-api';
import type { ProjectMoney } from '@questboard/shared/money';
import { openDuckDbEventStore } from '../../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../../events/event-store';
import { Random } from '../../demo/demo-random';
import { demoPopulation } from '../../demo/demo-population';
import { demoExperiment, demoExperimentStartedAt } from '../../demo/demo-experiment';
import { experimentHandMade } from '../../../../test/game-cases';
import { referenceExperimentPlayers, referenceExperimentSums, referenceLookSums } from '../../../../test/reference-experiment-sums';
import type { ExperimentSums, ExperimentSumsQuery } from './experiment-sums';
import { lookDays, lookSums, resultsWindow } from './experiment-looks';
import { computeExperimentResults, resultsFromSums } from './experiment-results';

// An experiment's results from DuckDB against the plain reference (ADR 030): the sums the store
// returns, the looks made of them and the whole answer, on hand-made players that hit each rule of
// the counting (docs/product/experiments.md#metrics) and on a seeded random population.

const projectId = '0a7c5e11-9999-4999-8999-000000000030';
const receivedAt = new Date('2026-03-20T00:00:00Z');
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 1.1 } };

const metrics: ExperimentMetric[] = [
  { kind: 'retention', days: 1 },
  { kind: 'retention', days: 7 },
  { kind: 'payer-conversion', days: 3 },
  { kind: 'revenue', days: 3 },
  { kind: 'sessions', days: 2 },
  { kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 10 } },
  { kind: 'event-conversion', days: 0, event: 'level_complete', property: { name: 'mode', value: 'hard' } },
  { kind: 'property-mean', days: 3, event: 'level_complete', property: 'duration_s' },
];

function experiment(startedAt: string, stoppedAt: string | null, overrides: Partial<Experiment> = {}): Experiment {
  return experimentSchema.parse({
    key: 'faster-first-levels',
    hypothesis: 'Easier first levels keep more players',
    variants: [
      { key: 'control', weight: 1, name: 'Control', overrides: [] },
      { key: 'easy', weight: 1, name: 'Easy', overrides: [] },
    ],
    targeting: [],
    audiencePercentage: 100,
    layer: null,
    primaryMetric: metrics[0],
    secondaryMetrics: metrics.slice(1),
    higherIsBetter: true,
    minimumDetectableEffect: 0.03,
    plannedPlayersPerVariant: 400,
    status: stoppedAt === null ? 'running' : 'stopped',
    createdAt: '2026-02-01T00:00:00.000Z',
    createdBy: 'owner@example.com',
    updatedAt: '2026-02-01T00:00:00.000Z',
    startedAt,
    stoppedAt,
    shippedVariant: null,
    ...overrides,
  });
}

function query(of: Experiment, now: Date): ExperimentSumsQuery {
  const window = resultsWindow(of, now);
  if (window === null) throw new Error('not started');
  return {
    key: of.key,
    variants: of.variants.map((variant) => variant.key),
    startMs: window.startMs,
    endMs: window.endMs,
    lastLookDay: window.lastLookDay,
    metrics: [of.primaryMetric, ...of.secondaryMetrics],
    money,
  };
}

/** The first place two answers differ, numbers within 1e-9 of the larger of 1 and their size. */
function firstDifference(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(actual), Math.abs(expected)) ? undefined : `${path}: ${actual} ≠ ${expected}`;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${path}: ${actual.length} items ≠ ${expected.length} items`;
    for (const [index, item] of actual.entries()) {
      const difference = firstDifference(item, expected[index], `${path}[${index}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) {
    const a = actual as Record<string, unknown>;
    const b = expected as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const difference = firstDifference(a[key], b[key], `${path}.${key}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : `${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
}

const order = (a: { variant: string | null; day?: string }, b: { variant: string | null; day?: string }) =>
  `${a.day ?? ''}|${a.variant ?? ''}`.localeCompare(`${b.day ?? ''}|${b.variant ?? ''}`);

function sorted(sums: ExperimentSums): ExperimentSums {
  return {
    exposures: [...sums.exposures].sort(order),
    metrics: sums.metrics.map((metric) => ({ byDay: [...metric.byDay].sort(order), capped: [...metric.capped].sort(order) })),
  };
}

async function storeWith(events: readonly NewEvent[]): Promise<EventStore> {
  const store = await openDuckDbEventStore({ file: ':memory:' });
  for (let start = 0; start < events.length; start += 20_000) await store.append(projectId, events.slice(start, start + 20_000));
  return store;
}

/** The store's sums, the looks and the whole answer against the reference's. */
async function expectAgreement(store: EventStore, events: readonly NewEvent[], of: Experiment, now: Date) {
  const asked = query(of, now);
  const actual = await store.metrics.experimentSums(projectId, asked);
  const expected = referenceExperimentSums(events, asked);
  expect(firstDifference(sorted(actual), sorted(expected))).toBeUndefined();
  const window = resultsWindow(of, now);
  if (window === null) throw new Error('not started');
  const days = lookDays(window);
  for (const [i, metric] of asked.metrics.entries()) {
    const looks = lookSums(actual.metrics[i] ?? { byDay: [], capped: [] }, metric.days, asked.variants, days);
    expect(firstDifference(looks, referenceLookSums(events, asked, metric, days)), `metric ${i}`).toBeUndefined();
  }
  const results = await computeExperimentResults(store, projectId, of, now, money);
  expect(experimentResultsSchema.safeParse(JSON.parse(JSON.stringify(results))).success).toBe(true);
  expect(firstDifference(results, resultsFromSums(of, window, expected, now, money))).toBeUndefined();
  return { sums: actual, results };
}

// ---------------------------------------------------------------------------------------------
// Hand-made players: each rule of the counting once (test/game-cases.ts, which
// clickhouse-game.int.test.ts compares on both stores, with seeded payers).

describe('experiment results on hand-made players match the reference', () => {
  const events = experimentHandMade();
  let store: EventStore;
  const now = new Date('2026-03-12T15:00:00Z');
  beforeAll(async () => {
    store = await storeWith(events);
  });
  afterAll(() => store.close());

  it('counts each exposure and each rule once, running', async () => {
    const of = experiment('2026-03-02T12:00:00.000Z', null);
    const { results } = await expectAgreement(store, events, of, now);
    expect(results.exposures.map((row) => row.players)).toEqual([3, 4]);
    expect(results.mixedPlayers).toBe(1);
    expect(results.unknownVariantPlayers).toBe(2);
    const players = referenceExperimentPlayers(events, query(of, now), metrics[3]!);
    const before = players.find((player) => player.variant === 'easy' && player.day === '2026-03-03');
    // 1.99 EUR at 1.1 on day 3; the 100 USD at midnight is day 4, after the window. Before: the 9.99 of
    // day −2 is history; the 4.99 of day 0 before the exposure counts on neither side.
    expect(before?.y).toBeCloseTo(2.189, 9);
    expect(before?.x).toBeCloseTo(9.99, 9);
    expect(results.daily.at(-1)?.day).toBe('2026-03-11');
  });

  it('stops counting exposures at the stop', async () => {
    await expectAgreement(store, events, experiment('2026-03-02T12:00:00.000Z', '2026-03-08T00:00:00.000Z'), now);
    const { results } = await expectAgreement(store, events, experiment('2026-03-02T12:00:00.000Z', '2026-03-09T12:00:00.000Z'), now);
    expect(results.exposures.map((row) => row.players)).toEqual([3, 3]);
  });

  it('answers an experiment started today with exposures and no looks', async () => {
    const of = experiment('2026-03-12T01:00:00.000Z', null);
    const results = await computeExperimentResults(store, projectId, of, now, money);
    expect(results.daily).toEqual([]);
    expect(results.metrics[0]?.variants.map((variant) => variant.players)).toEqual([0, 0]);
    expect(results.metrics[0]?.variants[1]?.verdict?.kind).toBe('too-early');
  });
});

// ---------------------------------------------------------------------------------------------
// A seeded random population: history, exposures over ten days, sessions, heavy-tailed revenue.

let sequence = 0;
function event(user: string, timestamp: string, name: string, extra: Partial<NewEvent> = {}): NewEvent {
  sequence += 1;
  return { insert_id: `e-${String(sequence).padStart(6, '0')}`, name, user_id: user, timestamp, properties: {}, receivedAt, demo: false, ...extra };
}
const exposure = (user: string, timestamp: string, variant: string | null, key = 'faster-first-levels') =>
  event(user, timestamp, 'experiment_exposure', { properties: variant === null ? { experiment: key } : { experiment: key, variant } });
const purchase = (user: string, timestamp: string, amount: number, currency = 'USD') => event(user, timestamp, 'purchase', { revenue_amount: amount, currency });
const level = (user: string, timestamp: string, properties: Record<string, unknown>) => event(user, timestamp, 'level_complete', { properties: properties as NewEvent['properties'] });

function randomPopulation(seed: number, players: number, start: number): NewEvent[] {
  const random = new Random(seed);
  const events: NewEvent[] = [];
  const at = (ms: number) => new Date(Math.floor(ms)).toISOString();
  for (let index = 0; index < players; index += 1) {
    const user = `r-${seed}-${index}`;
    const activity = random.between(0.1, 0.9);
    const firstDay = Math.floor(random.between(-8, 10));
    const exposedDay = random.chance(0.9) ? Math.max(firstDay, 0) + Math.floor(random.exponential(1.5)) : null;
    for (let day = firstDay; day < 20; day += 1) {
      if (day !== exposedDay && !random.chance(activity * (day > (exposedDay ?? 99) ? 0.7 : 1))) continue;
      const sessions = 1 + Math.floor(random.exponential(1));
      const id = random.chance(0.5);
      for (let s = 0; s < sessions; s += 1) {
        const begin = start + day * 86_400_000 + random.between(0, 86_000_000);
        const session_id = id ? `${user}-${day}-${s}` : undefined;
        if (day === exposedDay && s === 0) {
          events.push(exposure(user, at(begin + 1000), random.chance(0.5) ? 'control' : 'easy'));
          if (random.chance(0.02)) events.push(exposure(user, at(begin + 2000), random.chance(0.5) ? 'control' : 'easy'));
        }
        events.push(event(user, at(begin), 'session_start', { session_id }));
        for (let e = 0; e < 3; e += 1) {
          const t = begin + random.exponential(15 * 60_000) * (e + 1);
          if (random.chance(0.4)) events.push(level(user, at(t), { level: Math.floor(random.between(8, 12)), duration_s: Math.round(random.logNormal(60, 0.5)), mode: random.chance(0.3) ? 'hard' : 'easy' }));
          else events.push(event(user, at(t), 'level_start', { session_id }));
        }
        if (random.chance(0.05)) events.push(purchase(user, at(begin + 60_000), Math.round(random.logNormal(3, 1.5) * 100) / 100, random.chance(0.2) ? 'EUR' : 'USD'));
      }
    }
  }
  return events;
}

describe('experiment results on a seeded random population match the reference', () => {
  const start = Date.parse('2026-03-02T00:00:00Z');
  const events = randomPopulation(30, 1600, start);
  let store: EventStore;
  beforeAll(async () => {
    store = await storeWith(events);
  });
  afterAll(() => store.close());

  it('agrees on every sum, look and figure, and caps the top spenders', async () => {
    const of = experiment('2026-03-02T06:00:00.000Z', null);
    const { sums, results } = await expectAgreement(store, events, of, new Date('2026-03-20T09:30:00Z'));
    expect(sums.metrics[3]?.capped.length).toBeGreaterThan(0);
    expect(results.metrics.every((metric) => metric.variants[0]!.players > 100)).toBe(true);
    expect(results.metrics[0]?.variants[1]?.cuped).toBe(true);
    expect(results.mixedPlayers).toBeGreaterThan(0);
    expect(results.metrics.map((metric) => metric.unit)).toEqual([null, null, null, 'USD', 'sessions', null, null, null]);
  });

  it('agrees when stopped mid-day', async () => {
    await expectAgreement(store, events, experiment('2026-03-02T06:00:00.000Z', '2026-03-09T13:00:00.000Z'), new Date('2026-03-20T09:30:00Z'));
  });
});

// ---------------------------------------------------------------------------------------------
// The demo's running experiment: its record as the lead creates it, on the demo data.

describe('the demo experiment on demo data', () => {
  const end = new Date('2026-03-01T15:00:00Z');
  const events: NewEvent[] = [];
  let store: EventStore;
  beforeAll(async () => {
    for (const demo of demoPopulation({ players: 20_000, days: 29, end, seed: 30 })) events.push({ ...demo, receivedAt, demo: true });
    store = await storeWith(events);
  }, 120_000);
  afterAll(() => store.close());

  it('shows easy raising D1 retention, safe to ship', async () => {
    const of = experimentSchema.parse({
      ...demoExperiment,
      status: 'running',
      createdAt: '2026-01-20T00:00:00.000Z',
      createdBy: 'owner@example.com',
      updatedAt: '2026-01-20T00:00:00.000Z',
      startedAt: demoExperimentStartedAt(end).toISOString(),
      stoppedAt: null,
      shippedVariant: null,
    });
    const results = await computeExperimentResults(store, projectId, of, end, money);
    expect(results.sampleRatio.mismatch).toBe(false);
    expect(results.mixedPlayers).toBe(0);
    const easy = results.metrics[0]?.variants[1];
    expect(easy?.players).toBeGreaterThan(of.plannedPlayersPerVariant);
    expect(easy?.absolute?.estimate).toBeGreaterThan(0.02);
    expect(easy?.verdict?.kind).toBe('better');
    expect(easy?.verdict?.text).toMatch(/^Easy raises D1 retention by .* points; safe to ship\.$/);
  }, 60_000);
});
