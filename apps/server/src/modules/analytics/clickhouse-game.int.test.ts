import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyQuerySchema, type EconomyQueryInput } from '@questboard/shared/analytics-economy';
import { levelsQuerySchema } from '@questboard/shared/analytics-levels';
import type { AnalyticsQueryInput } from '@questboard/shared/analytics-view';
import { clickHouseForTests, startClickHouse, type ClickHouseNode } from '../../../test/clickhouse-cluster';
import { firstDifference } from '../../../test/reference-metrics';
import { referenceEconomy, referenceLevels } from '../../../test/reference-game-design';
import { demoPopulation } from '../demo/demo-population';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import { openClickHouseEventStore, type ClickHouseEventRecords } from '../events/clickhouse/clickhouse-event-store';

// The game analyses on ClickHouse (ADR 033, "Amendment: the game analyses and experiment sums")
// against DuckDB's answers and the reference implementations, every figure compared: demo players
// (with progression, resource, tutorial and exposure events) and hand-made edge cases, each in its
// own project, loaded once into one ClickHouse server and one DuckDB store.

const server = clickHouseForTests();
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

describe.skipIf(!server)('the game analyses on ClickHouse match DuckDB and the reference', () => {
  let node: ClickHouseNode;
  let clickhouse: ClickHouseEventRecords;
  let duckdb: EventStore;
  const demo = demoEvents();
  const hand = [...handLevels, ...handEconomy];

  beforeAll(async () => {
    node = await startClickHouse(server!);
    clickhouse = await openClickHouseEventStore({ url: node.url });
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
    const load = async (projectId: string, events: NewEvent[]) => {
      for (let start = 0; start < events.length; start += 10_000) {
        const batch = events.slice(start, start + 10_000);
        await Promise.all([clickhouse.append(projectId, batch), duckdb.append(projectId, batch)]);
      }
    };
    await load(DEMO, demo);
    await load(HAND, hand);
  });
  afterAll(async () => {
    await clickhouse.close();
    await duckdb.close();
    await node.stop();
  });

  /** ClickHouse against DuckDB and the reference, every figure. */
  async function same<T>(ask: (store: { metrics: Pick<ClickHouseEventRecords['metrics'], keyof ClickHouseEventRecords['metrics']> }) => Promise<T>, expected: T): Promise<T> {
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
});
