import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelsQuerySchema, type LevelsQuery } from '@questboard/shared/analytics-levels';
import { economyQuerySchema, type EconomyQuery, type EconomyQueryInput } from '@questboard/shared/analytics-economy';
import type { AnalyticsQueryInput } from '@questboard/shared/analytics-view';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import { firstDifference } from '../../../test/reference-metrics';
import { referenceEconomy, referenceLevels } from '../../../test/reference-game-design';
import { demoPopulation } from '../demo/demo-population';

// The level and economy pages (issue 17, ADR 028) on hand-made events whose figures are worked out
// by hand below, and against the reference implementation (test/reference-game-design.ts).

const projectId = '0a7c5e11-9999-4999-8999-000000000017';
const receivedAt = new Date('2026-03-20T00:00:00Z');
let sent = 0;
const event = (user: string, name: string, at: string, properties: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
  insert_id: `g-${String(sent++).padStart(4, '0')}`,
  name,
  user_id: user,
  timestamp: at,
  platform: 'ios',
  properties: properties as NewEvent['properties'],
  receivedAt,
  demo: false,
  ...extra,
});

const levels = (query: AnalyticsQueryInput): LevelsQuery => levelsQuerySchema.parse(query);
const economy = (query: EconomyQueryInput): EconomyQuery => economyQuerySchema.parse(query);

describe('level progression', () => {
  // The range is 2026-03-01..2026-03-14; the quiet days that decide churn are 03-08..03-14.
  const events: NewEvent[] = [
    // ann: level 1 twice (a fail, then a complete in 60 s), level 2 started and failed on 03-05,
    // nothing after: churned at level 2.
    event('ann', 'level_start', '2026-03-02T10:00:00Z', { level: 1 }),
    event('ann', 'level_fail', '2026-03-02T10:01:00Z', { level: 1, duration_s: 50 }),
    event('ann', 'level_start', '2026-03-02T10:02:00Z', { level: 1 }),
    event('ann', 'level_complete', '2026-03-02T10:03:00Z', { level: 1, duration_s: 60 }),
    event('ann', 'level_start', '2026-03-05T10:00:00Z', { level: 2 }),
    event('ann', 'level_fail', '2026-03-05T10:05:00Z', { level: 2, duration_s: 300 }),
    // bob: levels 1, 2 and 10 (a string '10', so it sorts with the numbers), then only a session
    // on 03-08, the first quiet day: not churned.
    event('bob', 'level_start', '2026-03-03T09:00:00Z', { level: 1 }),
    event('bob', 'level_complete', '2026-03-03T09:02:00Z', { level: 1, duration_s: 120 }),
    event('bob', 'level_start', '2026-03-03T09:03:00Z', { level: 2 }),
    event('bob', 'level_complete', '2026-03-03T09:05:00Z', { level: 2, duration_s: 'fast' }),
    event('bob', 'level_start', '2026-03-04T09:00:00Z', { level: '10' }),
    event('bob', 'session_start', '2026-03-08T00:00:00Z'),
    // cy, on Android: level 1 complete (duration 90) on 03-07 at 23:59:59, last event: churned at 1.
    event('cy', 'level_start', '2026-03-07T23:58:00Z', { level: 1 }, { platform: 'android' }),
    event('cy', 'level_complete', '2026-03-07T23:59:59Z', { level: 1, duration_s: 90 }, { platform: 'android' }),
    // dee: a level_start and a level_complete of level 3 at the same millisecond; the later
    // insert_id (the complete, sent second) is the last level seen. Active on 03-14: not churned.
    event('dee', 'level_start', '2026-03-06T12:00:00Z', { level: 3 }),
    event('dee', 'level_complete', '2026-03-06T12:00:00Z', { level: 3 }),
    event('dee', 'ad_impression', '2026-03-14T23:00:00Z'),
    // Without a level: counted apart. Before and after the range: not counted.
    event('eve', 'level_start', '2026-03-04T00:00:00Z'),
    event('eve', 'level_fail', '2026-03-04T00:01:00Z', { level: null }),
    event('ann', 'level_start', '2026-02-28T23:59:59Z', { level: 1 }),
    event('fay', 'level_start', '2026-03-15T00:00:00Z', { level: 1 }),
  ];
  const range = { from: '2026-03-01', to: '2026-03-14' };
  let store: EventStore;

  beforeAll(async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
    await store.append(projectId, events);
  });
  afterAll(() => store.close());

  it('counts each level as worked out by hand, sorting numerically', async () => {
    const answer = await store.metrics.levels(projectId, levels(range));
    expect(answer).toMatchObject({ numeric: true, truncated: false, quietFrom: '2026-03-08', withoutLevel: 2 });
    expect(answer.levels.map((row) => row.level)).toEqual(['1', '2', '3', '10']);
    const [one, two, three, ten] = answer.levels;
    // Level 1: starts ann 2, bob 1, cy 1; completes ann, bob, cy; one fail (ann).
    expect(one).toEqual({
      level: '1',
      starts: 4,
      completes: 3,
      fails: 1,
      failRate: 1 / 4,
      attemptsPerCompletion: 4 / 3,
      medianDurationS: 90, // 60, 90, 120
      players: 3,
      churned: 1, // cy
    });
    // Level 2: ann failed, bob completed without a numeric duration: no median.
    expect(two).toEqual({ level: '2', starts: 2, completes: 1, fails: 1, failRate: 0.5, attemptsPerCompletion: 2, medianDurationS: null, players: 2, churned: 1 });
    expect(three).toMatchObject({ starts: 1, completes: 1, attemptsPerCompletion: 1, medianDurationS: null, churned: 0 });
    // Level 10: started only, by bob, who was active on the first quiet day.
    expect(ten).toEqual({ level: '10', starts: 1, completes: 0, fails: 0, failRate: null, attemptsPerCompletion: null, medianDurationS: null, players: 1, churned: 0 });
  });

  it('takes the median of an even number of durations as the mean of the middle two', async () => {
    const answer = await store.metrics.levels(projectId, levels({ ...range, platform: 'ios' }));
    // iOS only: level 1's completes are ann's 60 and bob's 120.
    expect(answer.levels[0]).toMatchObject({ level: '1', completes: 2, medianDurationS: 90, players: 2, churned: 0 });
  });

  it('moves churn with the quiet days: a range ending on 03-07 keeps everyone who played that week', async () => {
    const answer = await store.metrics.levels(projectId, levels({ from: '2026-03-01', to: '2026-03-07' }));
    expect(answer.quietFrom).toBe('2026-03-01');
    expect(answer.levels.map((row) => row.churned)).toEqual([0, 0, 0, 0]);
    // Ending on 03-15, a day after dee's last event: cy, ann and fay (level 1 on 03-15, active) — fay is not churned.
    const later = await store.metrics.levels(projectId, levels({ from: '2026-03-01', to: '2026-03-15' }));
    expect(later.levels.find((row) => row.level === '1')).toMatchObject({ starts: 5, players: 4, churned: 1 });
  });

  it('sorts as text when one level is not a number', async () => {
    const extra = [event('gus', 'level_start', '2026-03-10T10:00:00Z', { level: 'boss' })];
    const own = await openDuckDbEventStore({ file: ':memory:' });
    try {
      await own.append(projectId, [...events, ...extra]);
      const answer = await own.metrics.levels(projectId, levels(range));
      expect(answer.numeric).toBe(false);
      expect(answer.levels.map((row) => row.level)).toEqual(['1', '10', '2', '3', 'boss']);
      expect(firstDifference(answer, referenceLevels([...events, ...extra], levels(range)))).toBeUndefined();
    } finally {
      await own.close();
    }
  });

  it.each<[string, AnalyticsQueryInput]>([
    ['the range', range],
    ['Android', { ...range, platform: 'android' }],
    ['one week', { from: '2026-03-02', to: '2026-03-08' }],
    ['an empty range', { from: '2026-01-01', to: '2026-01-31' }],
  ])('matches the reference on %s', async (_name, query) => {
    expect(firstDifference(await store.metrics.levels(projectId, levels(query)), referenceLevels(events, levels(query)))).toBeUndefined();
  });
});

describe('the economy', () => {
  const gems = (flow: string, amount: unknown, extra: Record<string, unknown> = {}) => ({ flow, virtual_currency: 'gems', amount, ...extra });
  const coins = (flow: string, amount: unknown, extra: Record<string, unknown> = {}) => ({ flow, virtual_currency: 'coins', amount, ...extra });
  const events: NewEvent[] = [
    // ann reaches level 2, then earns 50 gems (balance 50), spends 30 on lives (balance 20).
    event('ann', 'level_complete', '2026-03-02T10:00:00Z', { level: 1 }),
    event('ann', 'level_start', '2026-03-02T10:00:05Z', { level: 2 }),
    event('ann', 'resource', '2026-03-02T10:01:00Z', gems('source', 50, { item_type: 'level_reward', item_id: 'level_1', balance: 50 })),
    event('ann', 'resource', '2026-03-03T10:00:00Z', gems('sink', 30, { item_type: 'lives', item_id: 'lives_5', balance: 20 })),
    // bob: a gem purchase on 03-03 with its own level property (7) and no earlier progression,
    // then a resource at the same millisecond as a level_start of level 3: level 3 counts.
    event('bob', 'resource', '2026-03-03T11:00:00Z', gems('source', 100, { item_type: 'purchase', item_id: 'gems_small', balance: 100, level: 7 })),
    event('bob', 'level_start', '2026-03-04T08:00:00Z', { level: 3 }),
    event('bob', 'resource', '2026-03-04T08:00:00Z', gems('sink', 60, { item_type: 'boosters', item_id: 'bomb', balance: 40 })),
    // cy: a sink with no balance and no progression; and one with a balance before any level.
    event('cy', 'resource', '2026-03-04T09:00:00Z', gems('sink', 10, { item_type: 'boosters', item_id: 'bomb' }), { platform: 'android' }),
    event('cy', 'resource', '2026-03-04T09:30:00Z', gems('sink', 5, { item_type: 'boosters', item_id: 'rocket', balance: 0 }), { platform: 'android' }),
    // Coins: 2 counted events against 6 of gems.
    event('ann', 'resource', '2026-03-02T10:02:00Z', coins('source', 200, { item_type: 'ad_reward', balance: 200 })),
    event('dee', 'resource', '2026-03-05T10:00:00Z', coins('sink', 500, { item_type: 'skins', item_id: 'cat' })),
    // Not counted: a zero or negative or text amount, an unknown flow, no currency.
    event('eve', 'resource', '2026-03-05T10:00:00Z', gems('source', 0)),
    event('eve', 'resource', '2026-03-05T10:00:01Z', gems('sink', -5)),
    event('eve', 'resource', '2026-03-05T10:00:02Z', gems('sink', '5')),
    event('eve', 'resource', '2026-03-05T10:00:03Z', gems('refund', 5)),
    event('eve', 'resource', '2026-03-05T10:00:04Z', { flow: 'source', amount: 5 }),
    // Outside the range.
    event('ann', 'resource', '2026-03-08T00:00:00Z', gems('source', 1000, { balance: 1020 })),
  ];
  const range = { from: '2026-03-01', to: '2026-03-07' };
  let store: EventStore;

  beforeAll(async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
    await store.append(projectId, events);
  });
  afterAll(() => store.close());

  it('sums sources and sinks, nets them and picks the currency with the most events', async () => {
    const answer = await store.metrics.economy(projectId, economy(range));
    expect(answer.currencies).toEqual([
      { currency: 'gems', events: 6 },
      { currency: 'coins', events: 2 },
    ]);
    expect(answer.currency).toBe('gems');
    expect(answer.ignored).toBe(5);
    expect(answer.totals).toEqual({ sources: 150, sinks: 105, net: 45, sourcePlayers: 2, sinkPlayers: 3 });
    expect(answer.series.find((point) => point.date === '2026-03-04')).toEqual({ date: '2026-03-04', sources: 0, sinks: 75, net: -75, sourcePlayers: 0, sinkPlayers: 2 });
    expect(answer.series).toHaveLength(7);
    expect(answer.items.sink).toEqual([
      { itemType: 'boosters', itemId: 'bomb', amount: 70, players: 2, events: 2 },
      { itemType: 'lives', itemId: 'lives_5', amount: 30, players: 1, events: 1 },
      { itemType: 'boosters', itemId: 'rocket', amount: 5, players: 1, events: 1 },
    ]);
    expect(answer.itemTypes.source.map((row) => [row.itemType, row.amount])).toEqual([
      ['purchase', 100],
      ['level_reward', 50],
    ]);
  });

  it("takes the player's level from the event, else their latest progression event at or before it", async () => {
    const answer = await store.metrics.economy(projectId, economy(range));
    expect(answer.balanceByLevel).toEqual([
      { level: null, medianBalance: 0, events: 1, players: 1 }, // cy, before any level
      { level: '2', medianBalance: 35, events: 2, players: 1 }, // ann: 50 and 20
      { level: '3', medianBalance: 40, events: 1, players: 1 }, // bob, same millisecond as his level_start
      { level: '7', medianBalance: 100, events: 1, players: 1 }, // bob's own level property
    ]);
  });

  it('answers the currency asked for, and filters by platform', async () => {
    const answer = await store.metrics.economy(projectId, economy({ ...range, virtual_currency: 'coins' }));
    expect(answer.currency).toBe('coins');
    expect(answer.totals).toEqual({ sources: 200, sinks: 500, net: -300, sourcePlayers: 1, sinkPlayers: 1 });
    expect(answer.items.sink).toEqual([{ itemType: 'skins', itemId: 'cat', amount: 500, players: 1, events: 1 }]);
    expect(answer.items.source).toEqual([{ itemType: 'ad_reward', itemId: null, amount: 200, players: 1, events: 1 }]);
    const android = await store.metrics.economy(projectId, economy({ ...range, platform: 'android' }));
    expect(android.totals).toEqual({ sources: 0, sinks: 15, net: -15, sourcePlayers: 0, sinkPlayers: 1 });
  });

  it.each<[string, EconomyQueryInput]>([
    ['the range by day', range],
    ['by week', { ...range, granularity: 'week' }],
    ['coins', { ...range, virtual_currency: 'coins' }],
    ['a currency nobody sent', { ...range, virtual_currency: 'stars' }],
    ['an empty range', { from: '2026-01-01', to: '2026-01-31' }],
  ])('matches the reference on %s', async (_name, query) => {
    expect(firstDifference(await store.metrics.economy(projectId, economy(query)), referenceEconomy(events, economy(query)))).toBeUndefined();
  });
});

describe('the level and economy pages on demo players match the reference', () => {
  // 1,000 demo players over 45 days (about 80,000 events), every 9th with a level as text on its
  // progression events and every 6th sending its resource events with its own level.
  const end = new Date('2026-03-01T15:00:00Z');
  const events: NewEvent[] = [];
  let store: EventStore;

  beforeAll(async () => {
    for (const demo of demoPopulation({ players: 1000, days: 45, end, seed: 17 })) {
      const index = Number(demo.user_id.slice(-6));
      const properties = { ...demo.properties };
      if (index % 9 === 0 && typeof properties.level === 'number') properties.level = String(properties.level);
      if (index % 6 === 0 && demo.name === 'resource') properties.level = index % 4;
      events.push({ ...demo, properties, receivedAt: end, demo: true });
    }
    store = await openDuckDbEventStore({ file: ':memory:' });
    for (let start = 0; start < events.length; start += 20_000) await store.append(projectId, events.slice(start, start + 20_000));
  });
  afterAll(() => store.close());

  const whole = { from: '2026-01-16', to: '2026-03-01' };
  const views: [string, AnalyticsQueryInput][] = [
    ['45 days', whole],
    ['a fortnight by week', { from: '2026-02-01', to: '2026-02-14', granularity: 'week' }],
    ['Android in the US and Brazil', { ...whole, platform: 'android', country: 'US,BR' }],
  ];

  it.each(views)('levels, %s', async (_name, query) => {
    const answer = await store.metrics.levels(projectId, levels(query));
    expect(answer.levels.length).toBeGreaterThan(10);
    expect(firstDifference(answer, referenceLevels(events, levels(query)))).toBeUndefined();
  });

  it.each(views)('economy, %s', async (_name, query) => {
    for (const virtual_currency of [undefined, 'coins']) {
      const answer = await store.metrics.economy(projectId, economy({ ...query, virtual_currency }));
      expect(answer.balanceByLevel.length).toBeGreaterThan(3);
      expect(firstDifference(answer, referenceEconomy(events, economy({ ...query, virtual_currency })))).toBeUndefined();
    }
  });
});
