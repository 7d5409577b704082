import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelPlayersQuerySchema, funnelQuerySchema, type FunnelQueryInput } from '@questboard/shared/analytics-funnels';
import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import type { ProjectMoney } from '@questboard/shared/money';
import { economyQuerySchema, type EconomyQueryInput } from '@questboard/shared/analytics-economy';
import { levelsQuerySchema } from '@questboard/shared/analytics-levels';
import type { AnalyticsQueryInput } from '@questboard/shared/analytics-view';
import { eventStoreTargets, openTestEventStore } from '../../../test/event-stores';
import { demoFunnels, experimentHandMade, experimentPayers } from '../../../test/game-cases';
import { firstDifference } from '../../../test/reference-metrics';
import { referenceEconomy, referenceLevels } from '../../../test/reference-game-design';
import { referenceFunnel, referenceFunnelPlayers } from '../../../test/reference-funnel';
import { demoPopulation } from '../demo/demo-population';
import { demoExperiment, demoExperimentStartedAt } from '../demo/demo-experiment';
import type { ExperimentSums, ExperimentSumsQuery } from '../experiments/results/experiment-sums';
import { referenceExperimentSums } from '../../../test/reference-experiment-sums';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import type { ProjectMetrics } from './project-metrics';

// The game analyses on ClickHouse (ADR 033, "Amendment: the game analyses and experiment sums")
// against DuckDB's answers and the reference implementations, every figure compared: demo players
// (with progression, resource, tutorial and exposure events) and hand-made levels, economy and
// experiment players, each in its own project, loaded once into a database of their own on the
// run's ClickHouse server and into one DuckDB store. The funnels' hand-made edge cases run on each
// store in funnel-reference.int.test.ts; the funnels asked of the demo players and the
// experiment's players are test/game-cases.ts's, shared with the DuckDB tests.

const clickhouseTarget = eventStoreTargets.find((target) => target.name === 'ClickHouse');
const DEMO = '0a7c5e11-9999-4999-8999-0000000000d1';
const HAND = '0a7c5e11-9999-4999-8999-0000000000d2';
const end = new Date('2026-03-01T15:00:00Z');
let sent = 0;
const event = (user: string, name: string, at: string, properties: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
  insert_id: `c-${String(sent++).padStart(4, '0')}`,
  name,
  user_id: user,
  timestamp: at,
  platform: 'ios',
  properties: properties as NewEvent['properties'],
  receivedAt: end,
  demo: false,
  ...extra,
});

/** Demo players as a game sends them, every 9th with its level as text and every 6th sending its resource events with a level of their own. */
function demoEvents(): NewEvent[] {
  const events: NewEvent[] = [];
  for (const demo of demoPopulation({ players: 500, days: 45, end, seed: 18 })) {
    const index = Number(demo.user_id.slice(-6));
    const properties = { ...demo.properties };
    if (index % 9 === 0 && typeof properties.level === 'number') properties.level = String(properties.level);
    if (index % 6 === 0 && demo.name === 'resource') properties.level = index % 4;
    events.push({ ...demo, properties, receivedAt: end, demo: true });
  }
  return events;
}

/** Levels: the quiet days 03-08..03-14 of the range 03-01..03-14 decide churn. */
const handLevels: NewEvent[] = [
  event('ann', 'level_start', '2026-03-02T10:00:00Z', { level: 1 }),
  event('ann', 'level_fail', '2026-03-02T10:01:00Z', { level: 1, duration_s: 50 }),
  event('ann', 'level_complete', '2026-03-02T10:03:00Z', { level: 1, duration_s: 60 }),
  event('ann', 'level_start', '2026-03-05T10:00:00Z', { level: 2 }),
  event('bob', 'level_complete', '2026-03-03T09:02:00Z', { level: 1, duration_s: 120 }),
  event('bob', 'level_complete', '2026-03-03T09:05:00Z', { level: 2, duration_s: 'fast' }),
  event('bob', 'level_start', '2026-03-04T09:00:00Z', { level: '10' }),
  event('bob', 'session_start', '2026-03-08T00:00:00Z'),
  event('cy', 'level_complete', '2026-03-07T23:59:59Z', { level: 1, duration_s: 90 }, { platform: 'android' }),
  event('cy', 'level_complete', '2026-03-07T23:59:59Z', { level: 1, duration_s: 95.5 }, { platform: 'android' }),
  // The same millisecond: the later insert_id is the last level seen.
  event('dee', 'level_start', '2026-03-06T12:00:00Z', { level: 3 }),
  event('dee', 'level_complete', '2026-03-06T12:00:00Z', { level: 4 }),
  // A later receipt at the same time wins over a smaller insert_id.
  event('gus', 'level_start', '2026-03-06T12:00:00Z', { level: 5 }, { receivedAt: new Date('2026-03-20T00:00:00Z') }),
  event('gus', 'level_start', '2026-03-06T12:00:00Z', { level: 6 }),
  // Without a level, or with one of another type: counted apart.
  event('eve', 'level_start', '2026-03-04T00:00:00Z'),
  event('eve', 'level_fail', '2026-03-04T00:01:00Z', { level: null }),
  event('eve', 'level_fail', '2026-03-04T00:02:00Z', { level: true }),
  event('eve', 'level_fail', '2026-03-04T00:03:00Z', { level: '' }),
  event('ann', 'level_start', '2026-02-28T23:59:59Z', { level: 1 }),
  event('fay', 'level_start', '2026-03-15T00:00:00Z', { level: 1 }),
];

/** The economy, 03-01..03-07: two currencies, the level at each balance, and events not counted. */
const gems = (flow: string, amount: unknown, extra: Record<string, unknown> = {}) => ({ flow, virtual_currency: 'gems', amount, ...extra });
const coins = (flow: string, amount: unknown, extra: Record<string, unknown> = {}) => ({ flow, virtual_currency: 'coins', amount, ...extra });
const handEconomy: NewEvent[] = [
  event('kim', 'level_complete', '2026-03-02T10:00:00Z', { level: 1 }),
  event('kim', 'level_start', '2026-03-02T10:00:05Z', { level: 2 }),
  event('kim', 'level_fail', '2026-03-02T10:00:06Z', { level: null }),
  event('kim', 'resource', '2026-03-02T10:01:00Z', gems('source', 50, { item_type: 'level_reward', item_id: 'level_1', balance: 50 })),
  event('kim', 'resource', '2026-03-03T10:00:00Z', gems('sink', 30, { item_type: 'lives', item_id: 'lives_5', balance: 20 })),
  event('kim', 'resource', '2026-03-03T10:00:00Z', gems('sink', 2.5, { item_type: 'lives', item_id: 7, balance: 17.5 })),
  // Its own level wins; a progression event in the same millisecond counts as before.
  event('lou', 'resource', '2026-03-03T11:00:00Z', gems('source', 100, { item_type: 'purchase', item_id: 'gems_small', balance: 100, level: 7 })),
  event('lou', 'level_start', '2026-03-04T08:00:00Z', { level: 3 }),
  event('lou', 'resource', '2026-03-04T08:00:00Z', gems('sink', 60, { item_type: 'boosters', item_id: 'bomb', balance: 40 })),
  // Progression on another platform and before the range still gives the level.
  event('max', 'level_start', '2026-02-20T08:00:00Z', { level: 'boss' }, { platform: 'web' }),
  event('max', 'resource', '2026-03-04T09:00:00Z', gems('sink', 10, { item_type: 'boosters', item_id: 'bomb' }), { platform: 'android' }),
  event('max', 'resource', '2026-03-04T09:30:00Z', gems('sink', 5, { item_type: 'boosters', balance: 0 }), { platform: 'android' }),
  event('ned', 'resource', '2026-03-04T09:30:00Z', gems('sink', 5, { item_type: 'boosters', balance: 3 }), { platform: 'android' }),
  event('kim', 'resource', '2026-03-02T10:02:00Z', coins('source', 200, { item_type: 'ad_reward', balance: 200 })),
  event('ola', 'resource', '2026-03-05T10:00:00Z', coins('sink', 500, { item_type: 'skins', item_id: 'cat' })),
  event('ola', 'resource', '2026-03-05T10:00:00Z', { flow: 'sink', virtual_currency: "o'hara\\", amount: 1 }),
  // Not counted: zero, negative or text amounts, an unknown flow, no currency, an empty one.
  event('ola', 'resource', '2026-03-05T10:00:00Z', gems('source', 0)),
  event('ola', 'resource', '2026-03-05T10:00:01Z', gems('sink', -5)),
  event('ola', 'resource', '2026-03-05T10:00:02Z', gems('sink', '5')),
  event('ola', 'resource', '2026-03-05T10:00:03Z', gems('refund', 5)),
  event('ola', 'resource', '2026-03-05T10:00:04Z', { flow: 'source', amount: 5 }),
  event('ola', 'resource', '2026-03-05T10:00:05Z', { flow: 'source', amount: 5, virtual_currency: '' }),
  event('kim', 'resource', '2026-03-08T00:00:00Z', gems('source', 1000, { balance: 1020 })),
];

/** Experiments: each rule of the counting once (as experiment-results.int.test.ts), then 1,500 payers so the revenue caps bite. */
const EXPERIMENT = '0a7c5e11-9999-4999-8999-0000000000d5';
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 1.1 } };
const experimentMetrics: ExperimentMetric[] = [
  { kind: 'retention', days: 1 },
  { kind: 'retention', days: 7 },
  { kind: 'payer-conversion', days: 3 },
  { kind: 'revenue', days: 3 },
  { kind: 'revenue', days: 0 },
  { kind: 'sessions', days: 2 },
  { kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 10 } },
  { kind: 'event-conversion', days: 0, event: 'level_complete', property: { name: 'mode', value: 'hard' } },
  { kind: 'event-conversion', days: 1, event: 'level_complete', property: { name: 'mode', value: true } },
  { kind: 'event-conversion', days: 2, event: 'level_complete', property: null },
  { kind: 'property-mean', days: 3, event: 'level_complete', property: 'duration_s' },
];

/** Numbers within 1e-9 of the larger of 1 and their size (sums of differences are near 0), lists in a fixed order. */
function sumsDifference(actual: ExperimentSums, expected: ExperimentSums): string | undefined {
  const order = (a: { variant: string | null; day?: string }, b: { variant: string | null; day?: string }) =>
    `${a.day ?? ''}|${a.variant ?? ''}`.localeCompare(`${b.day ?? ''}|${b.variant ?? ''}`);
  const sorted = (sums: ExperimentSums) => ({
    exposures: [...sums.exposures].sort(order),
    metrics: sums.metrics.map((metric) => ({ byDay: [...metric.byDay].sort(order), capped: [...metric.capped].sort(order) })),
  });
  const difference = (a: unknown, b: unknown, path: string): string | undefined => {
    if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? undefined : `${path}: ${a} ≠ ${b}`;
    if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return `${path}: ${a.length} items ≠ ${b.length} items`;
      for (const key of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
        const found = difference(x[key], y[key], `${path}.${key}`);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    return Object.is(a, b) ? undefined : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  };
  return difference(sorted(actual), sorted(expected), '$');
}

describe.skipIf(!clickhouseTarget)('the game analyses on ClickHouse match DuckDB and the reference', () => {
  let clickhouse: EventStore;
  let closeClickHouse: () => Promise<void>;
  let duckdb: EventStore;
  // Made in beforeAll, so a run without ClickHouse does not build them.
  let demo: NewEvent[] = [];
  const hand = [...handLevels, ...handEconomy];
  let experiment: NewEvent[] = [];

  beforeAll(async () => {
    demo = demoEvents();
    experiment = [...experimentHandMade(), ...experimentPayers(1500)];
    ({ store: clickhouse, close: closeClickHouse } = await openTestEventStore(clickhouseTarget!));
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
    const load = async (projectId: string, events: NewEvent[]) => {
      for (let start = 0; start < events.length; start += 10_000) {
        const batch = events.slice(start, start + 10_000);
        await Promise.all([clickhouse.append(projectId, batch), duckdb.append(projectId, batch)]);
      }
    };
    await load(DEMO, demo);
    await load(HAND, hand);
    await load(EXPERIMENT, experiment);
  });
  afterAll(async () => {
    await closeClickHouse();
    await duckdb.close();
  });

  /** ClickHouse against DuckDB and the reference, every figure. */
  async function same<T>(ask: (store: { metrics: ProjectMetrics }) => Promise<T>, expected: T): Promise<T> {
    const [fromClickHouse, fromDuckDb] = await Promise.all([ask(clickhouse), ask(duckdb)]);
    expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
    expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    return fromClickHouse;
  }

  const whole = { from: '2026-01-16', to: '2026-03-01' };
  const demoViews: [string, AnalyticsQueryInput][] = [
    ['45 days', whole],
    ['a fortnight by week', { from: '2026-02-01', to: '2026-02-14', granularity: 'week' }],
    ['Android in the US and Brazil', { ...whole, platform: 'android', country: 'US,BR' }],
  ];
  const handRange = { from: '2026-03-01', to: '2026-03-14' };

  describe('levels', () => {
    it.each(demoViews)('demo players, %s', async (_name, input) => {
      const query = levelsQuerySchema.parse(input);
      const answer = await same((store) => store.metrics.levels(DEMO, query), referenceLevels(demo, query));
      expect(answer.levels.length).toBeGreaterThan(10);
      expect(answer.levels.some((row) => row.churned > 0)).toBe(true);
    });
    it.each<[string, AnalyticsQueryInput]>([
      ['the range', handRange],
      ['Android', { ...handRange, platform: 'android' }],
      ['ending on 03-15', { from: '2026-03-01', to: '2026-03-15' }],
      ['an empty range', { from: '2026-01-01', to: '2026-01-31' }],
    ])('hand-made players, %s', async (_name, input) => {
      const query = levelsQuerySchema.parse(input);
      await same((store) => store.metrics.levels(HAND, query), referenceLevels(hand, query));
    });
  });

  describe('economy', () => {
    it.each(demoViews)('demo players, %s', async (_name, input) => {
      for (const virtual_currency of [undefined, 'coins', 'gems']) {
        const query = economyQuerySchema.parse({ ...input, virtual_currency });
        const answer = await same((store) => store.metrics.economy(DEMO, query), referenceEconomy(demo, query));
        expect(answer.balanceByLevel.length).toBeGreaterThan(3);
        expect(answer.items.sink.length).toBeGreaterThan(0);
      }
    });
    const week = { from: '2026-03-01', to: '2026-03-07' };
    it.each<[string, EconomyQueryInput]>([
      ['the range by day', week],
      ['by week', { ...week, granularity: 'week' }],
      ['coins', { ...week, virtual_currency: 'coins' }],
      ['a currency with a quote', { ...week, virtual_currency: "o'hara\\" }],
      ['a currency nobody sent', { ...week, virtual_currency: 'stars' }],
      ['Android', { ...week, platform: 'android' }],
      ['an empty range', { from: '2026-01-01', to: '2026-01-31' }],
    ])('hand-made players, %s', async (_name, input) => {
      const query = economyQuerySchema.parse(input);
      const answer = await same((store) => store.metrics.economy(HAND, query), referenceEconomy(hand, query));
      if (input === week) expect(answer.balanceByLevel.map((row) => row.level)).toEqual([null, '2', '3', '7', 'boss']);
    });
  });

  describe('funnels', () => {
    /** The funnel and, for each step from 2, a page of the players who dropped there. */
    async function funnel(projectId: string, events: readonly NewEvent[], input: FunnelQueryInput) {
      const query = funnelQuerySchema.parse(input);
      const answer = await same((store) => store.metrics.funnel(projectId, query), referenceFunnel(events, query));
      for (let step = 2; step <= query.steps.length; step += 1) {
        for (const page of [{ limit: 7, offset: 3 }, { limit: 1000, offset: 0 }, { limit: 5, offset: 100_000 }]) {
          const players = funnelPlayersQuerySchema.parse({ ...input, step, ...page });
          await same((store) => store.metrics.funnelPlayers(projectId, players), referenceFunnelPlayers(events, players));
        }
      }
      return answer;
    }
    it.each(demoFunnels(whole, { from: '2026-02-10', to: '2026-02-23' }))('demo players, %s', async (_name, input) => {
      const answer = await funnel(DEMO, demo, input);
      expect(answer.steps.at(-1)!.players).toBeGreaterThan(0);
    });
  });

  describe('experiment sums', () => {
    async function sums(projectId: string, events: readonly NewEvent[], query: ExperimentSumsQuery): Promise<ExperimentSums> {
      const [fromClickHouse, fromDuckDb] = await Promise.all([clickhouse.metrics.experimentSums(projectId, query), duckdb.metrics.experimentSums(projectId, query)]);
      expect(sumsDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(sumsDifference(fromClickHouse, referenceExperimentSums(events, query))).toBeUndefined();
      return fromClickHouse;
    }
    const handQuery = (endMs: number, lastLookDay: string): ExperimentSumsQuery => ({
      key: 'faster-first-levels',
      variants: ['control', 'easy'],
      startMs: Date.parse('2026-03-02T12:00:00Z'),
      endMs,
      lastLookDay,
      metrics: experimentMetrics,
      money,
    });
    it('hand-made players and 1,500 payers, running', async () => {
      const answer = await sums(EXPERIMENT, experiment, handQuery(Date.parse('2026-03-12T15:00:00Z'), '2026-03-11'));
      expect(answer.exposures.find((row) => row.variant === 'control')?.mixed).toBe(1);
      expect(answer.metrics[3]!.capped.length).toBeGreaterThan(0);
      expect(answer.metrics.every((metric) => metric.byDay.length > 0)).toBe(true);
    }, 60_000);
    it('hand-made players, stopped before the last exposures, an early look', async () => {
      await sums(EXPERIMENT, experiment, handQuery(Date.parse('2026-03-04T11:00:00Z'), '2026-03-06'));
    }, 60_000);
    it('the demo experiment on demo players', async () => {
      const answer = await sums(DEMO, demo, {
        key: demoExperiment.key,
        variants: demoExperiment.variants.map((variant) => variant.key),
        startMs: demoExperimentStartedAt(end).getTime(),
        endMs: end.getTime(),
        lastLookDay: '2026-02-28',
        metrics: [demoExperiment.primaryMetric, ...demoExperiment.secondaryMetrics, ...experimentMetrics],
        money,
      });
      expect(answer.exposures.reduce((sum, row) => sum + row.players, 0)).toBeGreaterThan(100);
    }, 60_000);
  });
});
