import { analyticsQuerySchema, retentionQuerySchema } from '@questboard/shared/analytics-view';
import { exploreQuerySchema } from '@questboard/shared/analytics-explore';
import type { ProjectMoney } from '@questboard/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDifference, referenceMetrics } from '../../../test/reference-metrics';
import { demoPopulation } from '../demo/demo-population';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import type { ProjectMetrics } from './project-metrics';

// Issue 20: the store keeps analytics answers until the project's events change. Every page is
// asked (and so kept) before each change, then asked again and compared with the reference on the
// events as they are now: every write path (a commit, the demo removal, the data retention,
// deleting everything) must make the next read compute afresh.

const projectId = '0a7c5e11-2020-4020-8020-000000000020';
const end = new Date('2026-03-01T15:00:00Z');
const today = '2026-03-01';
const money: ProjectMoney = { currency: 'USD', rates: { EUR: 0.925 } };
const whole = { from: '2026-01-20', to: '2026-03-01' };
const query = analyticsQuerySchema.parse(whole);

const pages: [string, (metrics: ProjectMetrics) => Promise<unknown>][] = [
  ['overview', (metrics) => metrics.overview(projectId, query, today, money)],
  ['players', (metrics) => metrics.players(projectId, query)],
  ['revenue', (metrics) => metrics.revenue(projectId, query, today, money)],
  ['engagement', (metrics) => metrics.engagement(projectId, query)],
  ['retention', (metrics) => metrics.retention(projectId, retentionQuerySchema.parse(whole), today)],
  ['event list', (metrics) => metrics.eventCatalogue(projectId, query)],
  // Players who sent a name before the range count once (the names' user days, issue 20).
  ['event list, the last ten days', (metrics) => metrics.eventCatalogue(projectId, analyticsQuerySchema.parse({ from: '2026-02-20', to: today }))],
  ['filters', (metrics) => metrics.filterOptions(projectId, query)],
  ['explorer count by name', (metrics) => metrics.explore(projectId, exploreQuerySchema.parse({ ...whole, breakdown: 'name' }), money)],
  [
    'explorer average duration_s by country',
    (metrics) => metrics.explore(projectId, exploreQuerySchema.parse({ ...whole, measure: 'average', property: 'duration_s', breakdown: 'country' }), money),
  ],
  ['player', (metrics) => metrics.player(projectId, 'demo-player-000123', money)],
];

/** 300 players over 40 days: the first half of the players' events real, the rest demo data. */
function population(): NewEvent[] {
  const events: NewEvent[] = [];
  for (const event of demoPopulation({ players: 300, days: 40, end, seed: 20 })) {
    events.push({ ...event, receivedAt: end, demo: Number(event.user_id.slice(-6)) >= 150 });
  }
  return events;
}

describe('kept analytics answers follow every change to the events', () => {
  let store: EventStore;
  const events = population();
  let stored: NewEvent[] = [];

  beforeAll(async () => {
    store = await openDuckDbEventStore({ file: ':memory:' });
  });
  afterAll(() => store.close());

  async function askEveryPage() {
    for (const [, ask] of pages) await ask(store.metrics);
  }

  async function expectReference() {
    const reference = referenceMetrics(stored);
    for (const [name, ask] of pages) {
      const difference = firstDifference(await ask(store.metrics), await ask(reference));
      expect(difference, name).toBeUndefined();
    }
  }

  it('after a commit: ingest, then the next read sees it', async () => {
    stored = events.filter((_, index) => index % 2 === 0);
    await store.append(projectId, stored);
    await askEveryPage();
    await expectReference();
    await store.append(
      projectId,
      events.filter((_, index) => index % 2 === 1),
    );
    stored = events;
    await expectReference();
  });

  it('after the demo data is removed', async () => {
    await askEveryPage();
    expect(await store.deleteDemo(projectId)).toBeGreaterThan(0);
    stored = events.filter((event) => !event.demo);
    await expectReference();
  });

  it('after the data retention deletes the older events', async () => {
    await askEveryPage();
    const cutoff = new Date('2026-02-10T00:00:00Z');
    expect(await store.deleteBefore(projectId, cutoff)).toBeGreaterThan(0);
    stored = stored.filter((event) => Date.parse(event.timestamp) >= cutoff.getTime());
    await expectReference();
  });

  it('after every event is deleted', async () => {
    await askEveryPage();
    expect(await store.deleteAll(projectId)).toBeGreaterThan(0);
    stored = [];
    await expectReference();
  });
});
