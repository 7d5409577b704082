import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { exploreQuerySchema, type ExploreQueryInput } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { afterEach, describe, expect, it } from 'vitest';
import { firstDifference, referenceMetrics } from '../../../test/reference-metrics';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import { projectTable } from '../events/event-table';

// Issue 20: the event list and the explorer read the rollups of event names (their users per day,
// their property keys with numeric sums) instead of every event's JSON. Keys of any text, values
// that are not numbers, a key sent on some events only, commits after the first query, and a
// data folder with the previous rollup layout. A key of any text is listed (the explorer asks for
// plain ones only).

const projectId = '0a7c5e11-2020-4020-8020-000000000021';
const money: ProjectMoney = { currency: 'USD', rates: {} };
const view = { from: '2026-05-01', to: '2026-05-07' };
let sent = 0;

function event(user: string, day: number, name: string, properties?: NewEvent['properties'], platform = 'ios'): NewEvent {
  return {
    insert_id: `n-${sent++}`,
    name,
    user_id: user,
    timestamp: `2026-05-0${day}T1${day}:00:00Z`,
    platform,
    receivedAt: new Date('2026-05-07T20:00:00Z'),
    demo: false,
    ...(properties ? { properties } : {}),
  };
}

const first: NewEvent[] = [
  event('a', 1, 'level_complete', { 'a.b': 2, 'x-y': 3, 'q $t': 4, 'a/b~"c': 9, mode: 'hard', score: 1.5 }),
  event('a', 1, 'level_complete', { score: 2 }),
  event('b', 2, 'level_complete', { score: 'high', 'a.b': 10 }, 'android'),
  event('b', 3, 'level_start'),
  event('c', 3, 'level_start', { 'a.b': 1 }),
];
const later: NewEvent[] = [
  event('c', 3, 'level_complete', { score: 7, 'x-y': -1 }),
  event('d', 6, 'shop_open', { 'q $t': 0.5, '~': 1 }, 'android'),
  // Names a player sent before a range and on several of its days: one user each.
  event('b', 4, 'level_start'),
  event('b', 5, 'level_start', undefined, 'android'),
  event('a', 4, 'level_complete', { score: 3 }),
];
// The event list over the whole week, over days after some players' first of a name, and filtered.
const catalogueViews = [view, { from: '2026-05-03', to: '2026-05-05' }, { from: '2026-05-02', to: '2026-05-06', platform: 'ios' }];

const explorations: ExploreQueryInput[] = [
  { ...view, measure: 'sum', property: 'a.b', breakdown: 'name' },
  { ...view, measure: 'average', property: 'score', breakdown: 'platform' },
  { ...view, event: 'level_complete', measure: 'average', property: 'x-y', granularity: 'week' },
  { ...view, measure: 'sum', property: 'q $t' },
  // Sums of no numbers are 0, as in the reference (they used to be null in the totals).
  { ...view, measure: 'sum', property: 'mode', breakdown: 'name' },
  { ...view, measure: 'sum', property: 'revenue_amount', breakdown: 'name' },
  { ...view, event: 'level_start', measure: 'users', breakdown: 'platform' },
  { ...view, event: 'level_complete', measure: 'count', property: 'score', breakdown: 'name', platform: 'ios' },
];

async function expectReference(store: EventStore, events: readonly NewEvent[]) {
  const reference = referenceMetrics(events);
  for (const input of catalogueViews) {
    const query = analyticsQuerySchema.parse(input);
    const difference = firstDifference(await store.metrics.eventCatalogue(projectId, query), await reference.eventCatalogue(projectId, query));
    expect(difference, JSON.stringify(input)).toBeUndefined();
  }
  for (const input of explorations) {
    const explore = exploreQuerySchema.parse(input);
    const difference = firstDifference(await store.metrics.explore(projectId, explore, money), await reference.explore(projectId, explore, money));
    expect(difference, JSON.stringify(input)).toBeUndefined();
  }
}

describe('the rollups of event names', () => {
  let store: EventStore | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await store?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    store = undefined;
    dir = undefined;
  });

  it('answer the event list and the explorer as the events do, before and after another commit', async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
    await store.append(projectId, first);
    await expectReference(store, first);
    const keys = (await store.metrics.eventCatalogue(projectId, analyticsQuerySchema.parse(view))).events.find((row) => row.name === 'level_complete');
    expect(keys?.propertyKeys).toEqual(['a.b', 'a/b~"c', 'mode', 'q $t', 'score', 'x-y']);
    await store.append(projectId, later);
    await expectReference(store, [...first, ...later]);
  });

  it('replace the rollups of the previous layout in a kept data folder', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-rollups-'));
    const file = path.join(dir, 'events.duckdb');
    store = await openDuckDbEventStore({ file });
    await store.append(projectId, first);
    await store.close();
    // Data folders written before issue 20 (the r2 tables, no rollups of names) and before the
    // names' user days (r3), the game-design rollups (r4, issue 17), the resource players (r5) or the
    // properties' statistics (r6):
    // their tables are dropped and the r7 ones built.
    const old = await DuckDBInstance.create(file);
    const connection = await old.connect();
    await connection.run(`CREATE TABLE ${projectTable(projectId)}_r2_user_days AS SELECT 1 AS day`);
    await connection.run(`CREATE TABLE ${projectTable(projectId)}_r3_name_days AS SELECT 1 AS day`);
    await connection.run(`CREATE TABLE ${projectTable(projectId)}_r4_name_user_days AS SELECT 1 AS day`);
    await connection.run(`CREATE TABLE ${projectTable(projectId)}_r5_resource_days AS SELECT 1 AS day`);
    await connection.run(`CREATE TABLE ${projectTable(projectId)}_r6_name_properties AS SELECT 1 AS day`);
    connection.closeSync();
    old.closeSync();

    store = await openDuckDbEventStore({ file });
    await expectReference(store, first);
    await store.close();
    store = undefined;
    const reopened = await DuckDBInstance.create(file);
    const check = await reopened.connect();
    const tables = (await check.runAndReadAll(`SELECT table_name FROM duckdb_tables() ORDER BY 1`)).getRowsJS().map(([name]) => name as string);
    check.closeSync();
    reopened.closeSync();
    expect(tables.filter((name) => /_r[2-6]_/.test(name))).toEqual([]);
    expect(tables.filter((name) => name.includes('_r7_name_'))).toHaveLength(3);
    expect(tables.filter((name) => /_r7_(level_days|resource_days|balances|resource_players|resource_counts|level_players|balance_players)$/.test(name))).toHaveLength(7);
  });
});
