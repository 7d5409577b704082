import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { exploreQuerySchema, type ExploreQuery, type ExploreQueryInput } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDifference, referenceMetrics } from '../../../../test/reference-metrics';
import { openDuckDbEventStore } from '../../events/duckdb-event-store';
import { rollupTables } from '../../events/duckdb-rollups';
import type { EventStore, NewEvent } from '../../events/event-store';
import { DuckDbQuery, Params } from '../duckdb-sql';
import { rollupPropertyStats } from './duckdb-explorer';
import { propertyStats, type EventSeries } from './explore-events-sql';
import { EXACT_VALUES } from './value-buckets';

// ADR 026, layout r7: the explorer decides a breakdown by a property (its text, its exact numbers or
// number buckets) from the statistics of the property keys per name and day, not from the events.
// Those statistics must be what a scan of the events gives (propertyStats), as ingestion feeds them:
// days committed late after earlier queries built the rollups, insert_ids sent again with other
// values (stored once), and deletes (the demo events, the retention). The answers are checked
// against the reference implementation too.

const projectId = '0a7c5e11-2626-4026-8026-000000000026';
const money: ProjectMoney = { currency: 'USD', rates: {} };
let sent = 0;

function shot(day: number, user: string, properties: NewEvent['properties'], options: { demo?: boolean; platform?: string; name?: string; id?: string } = {}): NewEvent {
  const hour = String(sent % 24).padStart(2, '0');
  return {
    insert_id: options.id ?? `s-${sent++}`,
    name: options.name ?? 'shot',
    user_id: user,
    timestamp: `2026-06-${String(day).padStart(2, '0')}T${hour}:00:00Z`,
    platform: options.platform ?? (sent % 3 === 0 ? 'android' : 'ios'),
    receivedAt: new Date('2026-06-20T00:00:00Z'),
    demo: options.demo ?? false,
    ...(properties ? { properties } : {}),
  };
}

/** Days 8 to 14 (committed first), then days 1 to 7 (late): each key shaped to sit on a boundary of the plan. */
function days(from: number, to: number): NewEvent[] {
  const events: NewEvent[] = [];
  for (let day = from; day <= to; day += 1) {
    for (let i = 0; i < 6; i += 1) {
      const user = `u${(day * 7 + i) % 23}`;
      events.push(
        shot(day, user, {
          // Ten distinct whole numbers over the fortnight (day % 10), a few a day.
          few: day % 10,
          // Five distinct a day, a different five each day: more than ten only over several days.
          spread: day * 5 + (i % 5),
          // Six values, 0 to 5, each day (and more than ten on day 3, below).
          many: i,
          // Whole numbers, one fraction on day 2 (late).
          whole: day === 2 && i === 0 ? 2.5 : day + i,
          // Numbers and JSON nulls (not values): still numbers only.
          nullable: i % 2 === 0 ? null : day,
          flag: i % 2 === 0,
          // Text that reads as a number is still text.
          texty: i === 0 ? String(day) : day,
          'a.b-c $x': -day - i / 4,
        }),
      );
    }
    // Day 3 alone has more than ten distinct values of `many`: a day that keeps no list of them.
    if (day === 3) for (let k = 0; k < 12; k += 1) events.push(shot(day, `busy-${k % 4}`, { many: 100 + k }));
    // A demo player whose text makes `few` and `mixed` text until the demo events are deleted.
    events.push(shot(day, 'demo-player', { few: 'ten', mixed: day === 5 ? 'x' : day, many: 1 }, { demo: true, platform: 'web' }));
    events.push(shot(day, 'other-user', { mixed: day + 0.5, level: day }, { name: 'level_start' }));
  }
  return events;
}

const views: ExploreQueryInput[] = [
  { from: '2026-06-01', to: '2026-06-14' },
  { from: '2026-06-04', to: '2026-06-09' },
  { from: '2026-06-01', to: '2026-06-07', platform: 'ios' },
  { from: '2026-06-08', to: '2026-06-14', granularity: 'hour' },
];
const keys = ['few', 'spread', 'many', 'whole', 'nullable', 'flag', 'texty', 'a.b-c $x', 'mixed', 'absent'];
const events: (string | null)[] = ['shot', null];

/** The store's rollups, brought up to date by a query, read again from its file. */
async function compareStats(store: EventStore, file: string, stored: readonly NewEvent[], when: string) {
  const reference = referenceMetrics(stored);
  let checked = 0;
  for (const view of views) {
    for (const event of events) {
      for (const key of keys) {
        const query = exploreQuerySchema.parse({ ...view, ...(event === null ? {} : { event }), breakdown: 'property', breakdown_property: key });
        const answer = await store.metrics.explore(projectId, query, money);
        expect(firstDifference(answer, await reference.explore(projectId, query, money)), `${key} ${event} ${JSON.stringify(view)}, ${when}`).toBeUndefined();
      }
    }
  }
  await store.close();
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    const q = new DuckDbQuery(connection, rollupTables(projectId));
    for (const view of views) {
      for (const event of events) {
        const series: EventSeries = { event, measure: 'count', property: null, filters: [] };
        const query: ExploreQuery = exploreQuerySchema.parse(view);
        for (const key of keys) {
          const fromRollups = await rollupPropertyStats(q, query, series, key);
          const fromEvents = await propertyStats(q, new Params(), query, series, key);
          const where = `${key} ${event} ${JSON.stringify(view)}, ${when}`;
          // The distinct numbers are exact up to EXACT_VALUES; beyond, only "more" is kept.
          expect({ ...fromRollups, distinct: Math.min(fromRollups.distinct, EXACT_VALUES + 1) }, where).toEqual({
            ...fromEvents,
            distinct: Math.min(fromEvents.distinct, EXACT_VALUES + 1),
          });
          checked += 1;
        }
      }
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return checked;
}

describe('the explorer property statistics kept per name and day (r7)', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-stats-'));
    file = path.join(dir, 'events.duckdb');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('equal a scan of the events after late days, repeated insert_ids and deletes', { timeout: 180_000 }, async () => {
    const open = () => openDuckDbEventStore({ file });
    const recent = days(8, 14);
    let store = await open();
    await store.append(projectId, recent);
    expect(await compareStats(store, file, recent, 'days 8 to 14')).toBe(views.length * events.length * keys.length);

    // The first week arrives late, after the rollups of the second were built.
    const late = days(1, 7);
    store = await open();
    await store.append(projectId, late);
    const stored = [...recent, ...late];
    await compareStats(store, file, stored, 'after the late week');

    // The same insert_ids again with values that would change every decision: the store keeps the first.
    const again = stored.filter((_, index) => index % 4 === 0).map((event) => ({ ...event, properties: { few: 'text', spread: 0.25, whole: 0.5, many: 'x' } }));
    store = await open();
    await store.append(projectId, again);
    await compareStats(store, file, [...stored, ...again], 'after repeated insert_ids');

    // Deleting the demo events turns `few` and `mixed` into numbers; the retention removes days 1 to 3
    // (the fraction of `whole`, the many values of `many`).
    store = await open();
    await store.deleteDemo(projectId);
    const kept = stored.filter((event) => !event.demo);
    await compareStats(store, file, kept, 'after deleting the demo events');
    store = await open();
    const cutoff = new Date('2026-06-04T00:00:00Z');
    await store.deleteBefore(projectId, cutoff);
    await compareStats(
      store,
      file,
      kept.filter((event) => Date.parse(event.timestamp) >= cutoff.getTime()),
      'after the retention',
    );
  });
});
