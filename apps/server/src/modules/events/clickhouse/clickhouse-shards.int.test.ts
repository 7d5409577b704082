import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseForTests, startClickHouseShards, type ClickHouseShards } from '../../../../test/clickhouse-cluster';
import { firstDifference } from '../../../../test/reference-metrics';
import { money, population, today, views } from '../../../../test/reference-population';
import { openDuckDbEventStore } from '../duckdb-event-store';
import type { EventStore } from '../event-store';
import { ClickHouseHttp } from './clickhouse-http';
import { createDistributedTableSql, createEventsTableSql } from './clickhouse-schema';
import { openClickHouseEventStore, type ClickHouseEventRecords } from './clickhouse-event-store';

// Two ClickHouse processes as a cluster of two shards (ADR 033): a Distributed table over each
// one's events, rows placed by project and player. The events are written through one node and
// the figures read back through the other, equal to DuckDB's on the same events.

const server = clickHouseForTests();
const projectId = '0a7c5e11-9999-4999-8999-0000000000d2';

describe.skipIf(!server)('the ClickHouse store on two shards', () => {
  let shards: ClickHouseShards;
  let writing: ClickHouseEventRecords;
  let reading: ClickHouseEventRecords;
  let duckdb: EventStore;

  beforeAll(async () => {
    shards = await startClickHouseShards(server!);
    for (const node of shards.nodes) {
      const http = new ClickHouseHttp({ url: node.url });
      await http.command(createEventsTableSql('events_local'));
      await http.command(createDistributedTableSql('events', shards.cluster, http.database, 'events_local'));
    }
    // Deletes run on every shard's own table: ALTER … DELETE does not go through a Distributed one.
    const deleteOn = shards.nodes.map((node) => ({ url: node.url, table: 'events_local' }));
    const open = (url: string) => openClickHouseEventStore({ url, table: 'events', createTable: false, deleteOn });
    [writing, reading] = await Promise.all([open(shards.nodes[0].url), open(shards.nodes[1].url)]);
    duckdb = await openDuckDbEventStore({ file: ':memory:' });
    const events = population();
    for (let start = 0; start < events.length; start += 5000) {
      const batch = events.slice(start, start + 5000);
      await Promise.all([writing.append(projectId, batch), duckdb.append(projectId, batch)]);
    }
  });
  afterAll(async () => {
    await writing.close();
    await reading.close();
    await duckdb.close();
    await shards.stop();
  });

  it('holds part of the events on each shard, all of them acknowledged before the write answered', async () => {
    const counts = await Promise.all(
      shards.nodes.map(async (node) => Number((await new ClickHouseHttp({ url: node.url }).rows('SELECT count() AS n FROM events_local'))[0]?.n)),
    );
    const total = (await duckdb.summary(projectId)).totalEvents;
    expect(counts.every((count) => count > total / 5)).toBe(true);
    expect(counts[0]! + counts[1]!).toBe(total);
    expect(await reading.summary(projectId)).toEqual(await duckdb.summary(projectId));
  });

  it.each(views.filter(([name]) => ['60 days by week', 'US and DE, version 1.2.1'].includes(name)))(
    'reads the overview written through the other node: %s',
    async (_name, input) => {
      const query = analyticsQuerySchema.parse(input);
      const [fromShards, fromDuckDb] = await Promise.all([
        reading.metrics.overview(projectId, query, today, money),
        duckdb.metrics.overview(projectId, query, today, money),
      ]);
      expect(firstDifference(fromShards, fromDuckDb)).toBeUndefined();
    },
  );

  it('deletes on every shard', async () => {
    const cutoff = new Date('2026-02-01T12:00:00Z');
    expect(await reading.deleteBefore(projectId, cutoff)).toBe(await duckdb.deleteBefore(projectId, cutoff));
    expect(await writing.summary(projectId)).toEqual(await duckdb.summary(projectId));
  });
});
