import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseForTests, startClickHouseShards, type ClickHouseShards } from '../../../../test/clickhouse-cluster';
import { firstDifference } from '../../../../test/reference-metrics';
import { money, population, today, views } from '../../../../test/reference-population';
import { openDuckDbEventStore } from '../duckdb-event-store';
import type { EventStore } from '../event-store';
import { parseConfig } from '../../../config';
import { ClickHouseHttp } from './clickhouse-http';
import { openEventStore } from '../open-event-store';

// Two ClickHouse processes as a cluster of two shards (ADR 033), configured as an operator does
// (CLICKHOUSE_CLUSTER, CLICKHOUSE_NODE_URLS): a Distributed table over each one's events, rows
// placed by project and player. The events are written through one node and the figures read back
// through the other, equal to DuckDB's on the same events.

const server = clickHouseForTests();
const projectId = '0a7c5e11-9999-4999-8999-0000000000d2';

describe.skipIf(!server)('the ClickHouse store on two shards', () => {
  let shards: ClickHouseShards;
  let writing: EventStore;
  let reading: EventStore;
  const environment = (url: string, nodes = shards.nodes.map((node) => node.url)) => ({
    CLICKHOUSE_URL: url,
    CLICKHOUSE_CLUSTER: shards.cluster,
    CLICKHOUSE_NODE_URLS: nodes.join(','),
  });
  let duckdb: EventStore;

  beforeAll(async () => {
    shards = await startClickHouseShards(server!);
    // Each opening creates the tables on every node: the second finds them there.
    writing = await openEventStore({ dataDir: '/nonexistent', clickhouse: parseConfig(environment(shards.nodes[0].url)).clickhouse });
    reading = await openEventStore({ dataDir: '/nonexistent', clickhouse: parseConfig(environment(shards.nodes[1].url)).clickhouse });
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

  it('refuses to start unless every node of the cluster is named, or with a cluster the servers do not know', async () => {
    const open = (env: Record<string, string>) => openEventStore({ dataDir: '/nonexistent', clickhouse: parseConfig(env).clickhouse });
    await expect(open(environment(shards.nodes[0].url, [shards.nodes[0].url]))).rejects.toThrow(
      `CLICKHOUSE_NODE_URLS names 1 node, the cluster ${shards.cluster} has 2: name each one, so deletes reach every copy of the events.`,
    );
    await expect(open({ ...environment(shards.nodes[0].url), CLICKHOUSE_CLUSTER: 'elsewhere' })).rejects.toThrow(
      'knows no cluster named elsewhere: name one of its remote_servers in CLICKHOUSE_CLUSTER.',
    );
  });

  it('deletes on every shard', async () => {
    const cutoff = new Date('2026-02-01T12:00:00Z');
    expect(await reading.deleteBefore(projectId, cutoff)).toBe(await duckdb.deleteBefore(projectId, cutoff));
    expect(await writing.summary(projectId)).toEqual(await duckdb.summary(projectId));
  });
});
