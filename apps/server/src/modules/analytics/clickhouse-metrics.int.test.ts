import { analyticsQuerySchema, retentionModes, retentionQuerySchema } from '@questboard/shared/analytics-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseForTests, startClickHouse, type ClickHouseNode } from '../../../test/clickhouse-cluster';
import { firstDifference, referenceMetrics } from '../../../test/reference-metrics';
import { money, population, today, views } from '../../../test/reference-population';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../events/event-store';
import { openClickHouseEventStore } from '../events/clickhouse/clickhouse-event-store';
import type { ProjectMetrics } from './project-metrics';

// The analytics pages that have their ClickHouse SQL (ADR 033) against DuckDB's answers and the
// reference implementation, on the same seeded population (test/reference-population.ts) loaded
// into both stores: every figure compared. One ClickHouse server for the file.

const server = clickHouseForTests();
const projectId = '0a7c5e11-9999-4999-8999-0000000000c1';

describe.skipIf(!server)('the ClickHouse metrics match DuckDB and the reference', () => {
  let node: ClickHouseNode;
  let clickhouse: EventStore;
  let duckdb: EventStore;
  let events: NewEvent[];
  let reference: ProjectMetrics;

  beforeAll(async () => {
    node = await startClickHouse(server!);
    clickhouse = await openClickHouseEventStore({ url: node.url });
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
    events = population();
    reference = referenceMetrics(events);
    // Batches as the ingestion endpoint makes them, and one sent twice (a retry): stored once.
    for (let start = 0; start < events.length; start += 1000) {
      const batch = events.slice(start, start + 1000);
      await Promise.all([clickhouse.append(projectId, batch), duckdb.append(projectId, batch)]);
    }
    await clickhouse.append(projectId, events.slice(5000, 6000));
  });
  afterAll(async () => {
    await clickhouse.close();
    await duckdb.close();
    await node.stop();
  });

  describe.each(views)('%s', (_name, input) => {
    const query = analyticsQuerySchema.parse(input);
    it('overview', async () => {
      const [fromClickHouse, fromDuckDb, expected] = await Promise.all([
        clickhouse.metrics.overview(projectId, query, today, money),
        duckdb.metrics.overview(projectId, query, today, money),
        reference.overview(projectId, query, today, money),
      ]);
      expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    });
    it('players', async () => {
      const [fromClickHouse, fromDuckDb, expected] = await Promise.all([
        clickhouse.metrics.players(projectId, query),
        duckdb.metrics.players(projectId, query),
        reference.players(projectId, query),
      ]);
      expect(fromClickHouse.breakdowns.country.length).toBeGreaterThan(0);
      expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    });
    it('revenue', async () => {
      const [fromClickHouse, fromDuckDb, expected] = await Promise.all([
        clickhouse.metrics.revenue(projectId, query, today, money),
        duckdb.metrics.revenue(projectId, query, today, money),
        reference.revenue(projectId, query, today, money),
      ]);
      expect(fromClickHouse.topProducts.length).toBeGreaterThan(0);
      expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    });
    it.each(retentionModes)('%s retention', async (mode) => {
      const retention = retentionQuerySchema.parse({ ...input, mode });
      const [fromClickHouse, fromDuckDb, expected] = await Promise.all([
        clickhouse.metrics.retention(projectId, retention, today),
        duckdb.metrics.retention(projectId, retention, today),
        reference.retention(projectId, retention, today),
      ]);
      expect(fromClickHouse.cohorts.length).toBeGreaterThan(0);
      expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    });
  });

  it('keeps the figures after the data retention deletes what happened before February', async () => {
    const cutoff = new Date('2026-02-01T12:00:00Z');
    expect(await clickhouse.deleteBefore(projectId, cutoff)).toBe(await duckdb.deleteBefore(projectId, cutoff));
    const kept = referenceMetrics(events.filter((event) => Date.parse(event.timestamp) >= cutoff.getTime()));
    const query = analyticsQuerySchema.parse(views[1]?.[1]);
    const rolling = retentionQuerySchema.parse({ ...views[1]?.[1], mode: 'rolling' });
    const pages: ((metrics: ProjectMetrics) => Promise<unknown>)[] = [
      (metrics) => metrics.overview(projectId, query, today, money),
      (metrics) => metrics.retention(projectId, rolling, today),
      (metrics) => metrics.players(projectId, query),
      (metrics) => metrics.revenue(projectId, query, today, money),
    ];
    for (const ask of pages) {
      const [fromClickHouse, fromDuckDb, expected] = await Promise.all([ask(clickhouse.metrics), ask(duckdb.metrics), ask(kept)]);
      expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
      expect(firstDifference(fromClickHouse, expected)).toBeUndefined();
    }
  });
});
