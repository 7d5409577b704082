import { analyticsQuerySchema, retentionQuerySchema } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventStoreTargets, openTestEventStore } from '../../../../test/event-stores';
import { firstDifference } from '../../../../test/reference-metrics';
import { demoPopulation } from '../../demo/demo-population';
import type { EventStore, NewEvent } from '../event-store';
import { openDuckDbEventStore } from '../duckdb-event-store';
import { ClickHouseHttp, literal } from './clickhouse-http';
import { ClickHouseRollups } from './clickhouse-rollups';
import { ROLLUP_TABLES } from './clickhouse-rollup-schema';

// The ClickHouse rollups (ADR 037): built on the first read, recomputed only for the days whose
// events changed (a late event, a resent insert_id, a merge, a delete), read-after-write exact, and
// the superseded generations deleted later; every page that reads them answers as DuckDB does.

const clickhouseTarget = eventStoreTargets.find((target) => target.name === 'ClickHouse');
const end = new Date('2026-03-01T15:00:00Z');
const today = '2026-03-01';
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 1.1 } };
const view = analyticsQuerySchema.parse({ from: '2026-01-25', to: '2026-03-01', granularity: 'week' });
let projects = 0;
const nextProject = () => `c2c2c2c2-0000-4000-8000-${String((projects += 1)).padStart(12, '0')}`;

function population(seed: number): NewEvent[] {
  return [...demoPopulation({ players: 80, days: 30, end, seed })].map((event, index) => ({
    ...event,
    receivedAt: new Date(end.getTime() + index),
    demo: index % 3 === 0,
  }));
}

/** What every page reading the rollups answers. */
async function pages(store: EventStore, projectId: string) {
  const m = store.metrics;
  return {
    overview: await m.overview(projectId, view, today, money),
    players: await m.players(projectId, view),
    revenue: await m.revenue(projectId, view, today, money),
    retention: await m.retention(projectId, retentionQuerySchema.parse({ from: view.from, to: view.to }), today),
    rolling: await m.retention(projectId, retentionQuerySchema.parse({ from: view.from, to: view.to, mode: 'rolling' }), today),
    engagement: await m.engagement(projectId, view),
    catalogue: await m.eventCatalogue(projectId, view),
    filters: await m.filterOptions(projectId, view),
  };
}

describe.skipIf(!clickhouseTarget)('the ClickHouse rollups', () => {
  let clickhouse: EventStore;
  let duckdb: EventStore;
  let http: ClickHouseHttp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestEventStore(clickhouseTarget!);
    clickhouse = opened.store;
    close = opened.close;
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
    http = new ClickHouseHttp({ url: opened.url ?? '' });
  });
  afterAll(async () => {
    await close();
    await duckdb.close();
  });

  async function appendBoth(projectId: string, events: readonly NewEvent[]) {
    for (let at = 0; at < events.length; at += 2000) {
      const batch = events.slice(at, at + 2000);
      await Promise.all([clickhouse.append(projectId, batch), duckdb.append(projectId, batch)]);
    }
  }

  /** Every page the same on both stores, sums to 1e-9 of their size (they add in other orders). */
  async function sameAsDuckDb(projectId: string) {
    expect(firstDifference(await pages(clickhouse, projectId), await pages(duckdb, projectId))).toBeUndefined();
  }

  /** The current generation of each day ('days') and each session day ('sessions'). */
  async function generations(projectId: string): Promise<Map<string, number>> {
    const rows = await http.rows(`SELECT kind, toString(day) AS day, generation FROM ${ROLLUP_TABLES.state} FINAL WHERE project_id = ${literal(projectId)}`);
    return new Map(rows.map((row) => [`${String(row.kind)} ${String(row.day)}`, Number(row.generation)]));
  }

  /** Rows of every generation, current or not, per rollup table. */
  async function storedRows(projectId: string, where = '1'): Promise<number> {
    let total = 0;
    for (const table of [ROLLUP_TABLES.userDays, ROLLUP_TABLES.purchases, ROLLUP_TABLES.nameDays, ROLLUP_TABLES.sessions]) {
      const [row] = await http.rows(`SELECT count() AS n FROM ${table} WHERE project_id = ${literal(projectId)} AND (${where})`);
      total += Number(row?.n ?? 0);
    }
    return total;
  }

  it('builds the rollups on the first read, a week of days at a time, and answers every page as DuckDB does', async () => {
    const projectId = nextProject();
    await appendBoth(projectId, population(1));
    expect(await generations(projectId)).toEqual(new Map());
    await sameAsDuckDb(projectId);
    const built = await generations(projectId);
    const days = [...built.keys()].filter((key) => key.startsWith('days '));
    expect(days.length).toBe(30);
    // Five steps of at most seven days: as many generations.
    expect(new Set(days.map((key) => built.get(key))).size).toBe(5);
  });

  it('recomputes only the days whose events changed, and a read after a write sees it', async () => {
    const projectId = nextProject();
    const events = population(2);
    await appendBoth(projectId, events);
    await pages(clickhouse, projectId);
    const before = await generations(projectId);
    // A late purchase for a day three weeks ago, from a player who had not played that day.
    const late: NewEvent = {
      insert_id: 'late-purchase',
      name: 'purchase',
      user_id: events[0]!.user_id,
      timestamp: '2026-02-08T23:50:00.000Z',
      platform: 'ios',
      country: 'DE',
      revenue_amount: 7,
      currency: 'EUR',
      receivedAt: new Date(end.getTime() + 86_400_000),
      demo: false,
    };
    await appendBoth(projectId, [late]);
    await sameAsDuckDb(projectId);
    const after = await generations(projectId);
    const changed = [...after.keys()].filter((key) => after.get(key) !== before.get(key)).sort();
    expect(changed).toEqual(['days 2026-02-08', 'sessions 2026-02-07', 'sessions 2026-02-08', 'sessions 2026-02-09']);
    // Nothing changed since: the next read recomputes nothing.
    await pages(clickhouse, projectId);
    expect(await generations(projectId)).toEqual(after);
  });

  it('follows a resent insert_id, the merge that drops it, and the deletes, keeping nothing of deleted events', async () => {
    const projectId = nextProject();
    const events = population(3);
    await appendBoth(projectId, events);
    await pages(clickhouse, projectId);
    // Sent again later with other figures: the first received stays (ADR 008).
    const resent = events.filter((event) => event.name === 'session_start').slice(0, 5).map((event) => ({ ...event, platform: 'web', receivedAt: new Date(end.getTime() + 3_600_000) }));
    await appendBoth(projectId, resent);
    await sameAsDuckDb(projectId);
    await http.command('OPTIMIZE TABLE events FINAL');
    await sameAsDuckDb(projectId);

    const cutoff = new Date('2026-02-15T12:00:00Z');
    await Promise.all([clickhouse.deleteBefore(projectId, cutoff), duckdb.deleteBefore(projectId, cutoff)]);
    // Every generation's rows of the deleted days are gone at once, not only the current ones.
    expect(await storedRows(projectId, `day < toDate('2026-02-15')`)).toBe(0);
    await sameAsDuckDb(projectId);

    await Promise.all([clickhouse.deleteDemo(projectId), duckdb.deleteDemo(projectId)]);
    expect(await storedRows(projectId)).toBe(0);
    expect(await generations(projectId)).toEqual(new Map());
    await sameAsDuckDb(projectId);

    await Promise.all([clickhouse.deleteProject(projectId), duckdb.deleteProject(projectId)]);
    expect(await storedRows(projectId)).toBe(0);
    expect(await generations(projectId)).toEqual(new Map());
  });

  it('runs one refresh for reads asked at once, and deletes superseded generations once no read can use them', async () => {
    const projectId = nextProject();
    const events = population(4);
    await appendBoth(projectId, events);
    const rollups = new ClickHouseRollups(http, 'events', [{ http, table: (table) => table, mutationsDone: () => Promise.resolve() }], { garbageDelayMs: 200 });
    try {
      await Promise.all([1, 2, 3, 4, 5].map(() => rollups.fresh(projectId)));
      const [written] = await http.rows(
        `SELECT count() AS rows, uniqExact(generation) AS generations FROM ${ROLLUP_TABLES.state} WHERE project_id = ${literal(projectId)} AND kind = 'days'`,
      );
      // One build (five steps): each day written once.
      expect(written).toEqual({ rows: 30, generations: 5 });

      const superseded = await storedRows(projectId);
      await appendBoth(projectId, [{ ...events[10]!, insert_id: 'another-day', session_id: 'another-session', timestamp: '2026-02-20T10:00:00.000Z' }]);
      await rollups.fresh(projectId);
      expect(await storedRows(projectId)).toBeGreaterThan(superseded);
      const current = await pages(clickhouse, projectId);
      // The collection runs 1.2 s after the refresh that superseded a generation (delay 200 ms).
      await expect.poll(() => countNotCurrent(projectId), { timeout: 10_000, interval: 200 }).toBe(0);
      expect(await pages(clickhouse, projectId)).toEqual(current);
      await sameAsDuckDb(projectId);
    } finally {
      rollups.close();
    }
  });

  it('keeps two processes that refresh the same days in the same millisecond from counting them twice', async () => {
    const projectId = nextProject();
    await appendBoth(projectId, population(5));
    const target = [{ http, table: (table: string) => table, mutationsDone: () => Promise.resolve() }];
    const [a, b] = [1, 2].map((generationTag) => new ClickHouseRollups(http, 'events', target, { generationTag }));
    // Both processes' clocks read the same millisecond at every step of their refreshes.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-01T15:00:00Z'));
    try {
      await Promise.all([a!.fresh(projectId), b!.fresh(projectId)]);
    } finally {
      now.mockRestore();
      a!.close();
      b!.close();
    }
    // Both recomputed days at once (each wrote state rows, under its own tag), and every page still
    // counts each event once: a read takes the rows of the greater generation only.
    const tags = await http.rows(`SELECT DISTINCT generation % 1000 AS tag FROM ${ROLLUP_TABLES.state} WHERE project_id = ${literal(projectId)} ORDER BY tag`);
    expect(tags).toEqual([{ tag: 1 }, { tag: 2 }]);
    await sameAsDuckDb(projectId);
  });

  async function countNotCurrent(projectId: string): Promise<number> {
    const [row] = await http.rows(
      `SELECT count() AS n FROM ${ROLLUP_TABLES.userDays} WHERE project_id = ${literal(projectId)}
       AND (day, generation) NOT IN (SELECT day, generation FROM ${ROLLUP_TABLES.state} FINAL WHERE project_id = ${literal(projectId)} AND kind = 'days')`,
    );
    return Number(row?.n ?? 0);
  }
});
