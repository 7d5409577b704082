import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelsQuerySchema } from '@questboard/shared/analytics-levels';
import { economyQuerySchema } from '@questboard/shared/analytics-economy';
import type { AnalyticsQueryInput } from '@questboard/shared/analytics-view';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import { firstDifference } from '../../../test/reference-metrics';
import { referenceEconomy, referenceLevels } from '../../../test/reference-game-design';
import { demoPopulation } from '../demo/demo-population';

// The game-design rollups (ADR 031) give the answers a scan of the events gives
// (test/reference-game-design.ts reads every event), as ingestion really feeds them: commits in any
// order of time after earlier queries refreshed the rollups (late events, a level sent late that
// moves the level of later balances), an insert_id sent again with other contents (stored once),
// and deletes of some of the events (the demo ones, row by row, and the retention's).

const projectId = '0a7c5e11-3131-4031-8031-000000000031';
const end = new Date('2026-04-30T18:00:00Z');

/** A seeded generator (mulberry32), so every run sends the same commits in the same order. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Unfiltered views read the resource players (a player's previous day per flow, item type and
// item); a range starting mid-week, by week, has players whose previous days fall before it and
// buckets that start at the range's start.
const views: [string, AnalyticsQueryInput][] = [
  ['the 30 days', { from: '2026-04-01', to: '2026-04-30' }],
  ['three weeks by week from a Wednesday', { from: '2026-04-08', to: '2026-04-28', granularity: 'week' }],
  ['a week by week, iOS', { from: '2026-04-10', to: '2026-04-16', granularity: 'week', platform: 'ios' }],
  ['a fortnight in the US and Brazil', { from: '2026-04-12', to: '2026-04-25', country: 'US,BR' }],
];

async function expectReference(store: EventStore, events: readonly NewEvent[], when: string, only = views.length) {
  for (const [name, view] of views.slice(0, only)) {
    const levels = levelsQuerySchema.parse(view);
    expect(firstDifference(await store.metrics.levels(projectId, levels), referenceLevels(events, levels)), `levels, ${name}, ${when}`).toBeUndefined();
    for (const virtual_currency of [undefined, 'gems']) {
      const economy = economyQuerySchema.parse({ ...view, virtual_currency });
      const difference = firstDifference(await store.metrics.economy(projectId, economy), referenceEconomy(events, economy));
      expect(difference, `economy ${virtual_currency ?? ''}, ${name}, ${when}`).toBeUndefined();
    }
  }
}

describe('the game-design rollups on seeded demo players, committed out of order', () => {
  const random = seeded(31);
  const all: NewEvent[] = [];
  let store: EventStore;

  beforeAll(async () => {
    // 400 demo players over 30 days; every 7th sends its levels as text, every 5th its resource
    // events with a level of their own; a fifth of them are demo events (deleted below).
    for (const demo of demoPopulation({ players: 400, days: 30, end, seed: 31 })) {
      const index = Number(demo.user_id.slice(-6));
      const properties = { ...demo.properties };
      if (index % 7 === 0 && typeof properties.level === 'number') properties.level = String(properties.level);
      if (index % 5 === 0 && demo.name === 'resource') properties.level = index % 3;
      const receivedAt = new Date(Date.parse(demo.timestamp) + Math.floor(random() * 3_600_000));
      all.push({ ...demo, properties, receivedAt, demo: index % 5 === 1 });
    }
    store = await openDuckDbEventStore({ file: ':memory:' });
  });
  afterAll(() => store.close());

  it('answer as the events do after each commit, late and repeated events included', { timeout: 120_000 }, async () => {
    // The days' events in order of time for the last 20 days, the first 10 days' afterwards
    // (late, in every third commit), with the 30 days asked after each commit: the other commits start
    // on a later day than the players' earlier levels.
    const cut = Date.parse('2026-04-11T00:00:00Z');
    // The population comes player by player: in order of time here, as a live game sends it.
    const recent = all.filter((event) => Date.parse(event.timestamp) >= cut).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    const late = all.filter((event) => Date.parse(event.timestamp) < cut);
    const commits: NewEvent[][] = [];
    for (let start = 0; start < recent.length; start += 2_500) commits.push(recent.slice(start, start + 2_500));
    const lateCommits = Math.ceil(commits.length / 3);
    late.forEach((event, index) => commits[3 * (index % lateCommits) + 1]?.push(event) ?? commits[0]?.push(event));
    const stored: NewEvent[] = [];
    for (const [index, commit] of commits.entries()) {
      await store.append(projectId, commit);
      stored.push(...commit);
      await expectReference(store, stored, `after commit ${index + 1} of ${commits.length}`, index === commits.length - 1 ? views.length : 1);
    }
    expect(stored).toHaveLength(all.length);

    // The same insert_ids sent again with other figures: the store keeps the first ones.
    const again = all.filter((_, index) => index % 50 === 0).map((event) => ({ ...event, properties: { ...event.properties, amount: 999, level: 99, balance: 1 } }));
    await store.append(projectId, again);
    await expectReference(store, [...stored, ...again], 'after repeated insert_ids');
  });

  it('moves the level of later balances when a progression event arrives late, and back when it is deleted', { timeout: 60_000 }, async () => {
    const at = (day: string, name: string, properties: NewEvent['properties'], demo = false, id = `late-${day}-${name}`): NewEvent => ({
      insert_id: id,
      name,
      user_id: 'late-player',
      timestamp: `2026-04-${day}T12:00:00Z`,
      platform: 'ios',
      properties,
      receivedAt: end,
      demo,
    });
    const before = [
      at('03', 'level_complete', { level: 2 }),
      at('20', 'resource', { flow: 'sink', virtual_currency: 'gems', amount: 5, item_type: 'lives', item_id: 'x', balance: 40 }),
      at('21', 'session_start', {}),
    ];
    await store.append(projectId, before);
    const range = { from: '2026-04-15', to: '2026-04-30' };
    const view = economyQuerySchema.parse({ ...range, virtual_currency: 'gems' });
    const rows = async () => (await store.metrics.economy(projectId, view)).balanceByLevel;
    const current = [...all, ...before];
    expect(firstDifference(await rows(), referenceEconomy(current, view).balanceByLevel)).toBeUndefined();
    // A level 9 start on 04-10, sent now, on a day whose rollups were built long ago: the balance
    // of 04-20 is at level 9, not 2.
    const late = at('10', 'level_start', { level: 9 }, true);
    await store.append(projectId, [late]);
    const withLate = referenceEconomy([...current, late], view).balanceByLevel;
    expect(withLate.find((row) => row.level === '9')?.events).toBeGreaterThan(0);
    expect(firstDifference(await rows(), withLate)).toBeUndefined();
    // A balance of 04-22 sent alone: only that day is recomputed, and the level the player entered
    // it with (9) comes from the rollups of the days before.
    const next = at('22', 'resource', { flow: 'source', virtual_currency: 'gems', amount: 3, item_type: 'ad', item_id: 'y', balance: 43 });
    await store.append(projectId, [next]);
    current.push(next);
    const withNext = referenceEconomy([...current, late], view).balanceByLevel;
    const nines = (rows: typeof withNext) => rows.find((row) => row.level === '9')?.events ?? 0;
    expect(nines(withNext)).toBe(nines(withLate) + 1);
    expect(firstDifference(await rows(), withNext)).toBeUndefined();
    const levels = levelsQuerySchema.parse(range);
    expect(firstDifference(await store.metrics.levels(projectId, levels), referenceLevels([...current, late], levels))).toBeUndefined();

    // Deleting the demo events (a fifth of the players, and the late start): row by row, so only
    // their days are recomputed.
    await store.deleteDemo(projectId);
    const kept = [...current, late].filter((event) => !event.demo);
    expect(firstDifference(await rows(), referenceEconomy(kept, view).balanceByLevel)).toBeUndefined();
    await expectReference(store, kept, 'after deleting the demo events');

    // The retention removes the first week.
    const cutoff = new Date('2026-04-08T00:00:00Z');
    await store.deleteBefore(projectId, cutoff);
    await expectReference(store, kept.filter((event) => Date.parse(event.timestamp) >= cutoff.getTime()), 'after the retention');
  });
});
