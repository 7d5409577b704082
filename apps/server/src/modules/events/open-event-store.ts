import path from 'node:path';
import type { Config } from '../../config';
import { openDuckDbEventStore } from './duckdb-event-store';
import type { EventStore } from './event-store';
import { openClickHouseEventStore } from './clickhouse/clickhouse-event-store';
import { ClickHouseHttp, literal } from './clickhouse/clickhouse-http';
import { createDistributedTableSql, createEventsTableSql } from './clickhouse/clickhouse-schema';
import { createDistributedRollupSql, createRollupTableSql, LOCAL_ROLLUP_SUFFIX, localRollupTable, ROLLUP_TABLES } from './clickhouse/clickhouse-rollup-schema';

export interface EventStoreOptions {
  /** Events waiting to be written at most before ingestion answers 503 (back-pressure). */
  maxQueuedEvents?: number;
}

/**
 * The analytics store of an installation (docs/product/metrics.md#where-events-live): embedded
 * DuckDB in DATA_DIR/events, or ClickHouse when CLICKHOUSE_URL is set (ADR 033, docs/deploy.md).
 */
export function openEventStore(config: Pick<Config, 'dataDir' | 'clickhouse'>, options: EventStoreOptions = {}): Promise<EventStore> {
  const clickhouse = config.clickhouse;
  if (!clickhouse) return openDuckDbEventStore({ file: path.join(config.dataDir, 'events', 'events.duckdb'), ...options });
  if (!clickhouse.cluster) return openClickHouseEventStore({ url: clickhouse.url, ...options });
  return openClickHouseCluster(clickhouse.url, clickhouse.cluster, options);
}

/** The local table on every node of a cluster; `events`, the Distributed table over them, beside it. */
export const clusterTables = { local: 'events_local', distributed: 'events' } as const;

/**
 * A cluster: each node gets the local tables (events and the rollups, ADR 037) and the Distributed
 * tables over the cluster (so a process may read and write through any node), reads and writes go
 * through CLICKHOUSE_URL's node, and deletes run on every node's local tables (ALTER … DELETE does not go through a Distributed
 * table, and 18.16 runs `ON CLUSTER` only with ZooKeeper).
 */
async function openClickHouseCluster(
  url: string,
  cluster: { name: string; nodeUrls: string[] },
  options: EventStoreOptions,
): Promise<EventStore> {
  const entry = new ClickHouseHttp({ url });
  const nodeUrls = cluster.nodeUrls;
  await checkNodeCount(entry, url, cluster.name, nodeUrls.length);
  for (const nodeUrl of nodeUrls) {
    const node = new ClickHouseHttp({ url: nodeUrl });
    if (node.database !== entry.database) {
      throw new Error(`CLICKHOUSE_NODE_URLS: ${redacted(nodeUrl)} names the database ${node.database}, CLICKHOUSE_URL ${entry.database}: the Distributed table needs the same database on every node.`);
    }
    await node.command(createEventsTableSql(clusterTables.local));
    await node.command(createDistributedTableSql(clusterTables.distributed, cluster.name, node.database, clusterTables.local));
    for (const rollup of Object.values(ROLLUP_TABLES)) {
      await node.command(createRollupTableSql(rollup, localRollupTable(rollup)));
      await node.command(createDistributedRollupSql(rollup, cluster.name, node.database, localRollupTable(rollup)));
    }
  }
  // The entry server may be outside the list (a node that only answers queries).
  await entry.command(createDistributedTableSql(clusterTables.distributed, cluster.name, entry.database, clusterTables.local));
  for (const rollup of Object.values(ROLLUP_TABLES)) {
    await entry.command(createDistributedRollupSql(rollup, cluster.name, entry.database, localRollupTable(rollup)));
  }
  return openClickHouseEventStore({
    url,
    table: clusterTables.distributed,
    createTable: false,
    deleteOn: nodeUrls.map((nodeUrl) => ({ url: nodeUrl, table: clusterTables.local, rollupSuffix: LOCAL_ROLLUP_SUFFIX })),
    ...options,
  });
}

/**
 * Deletes must reach every node, or a deleted player's events would stay on the one left out: the
 * start is refused unless CLICKHOUSE_NODE_URLS names as many nodes as the cluster has.
 */
async function checkNodeCount(entry: ClickHouseHttp, url: string, cluster: string, named: number): Promise<void> {
  const rows = await entry.rows(`SELECT count() AS nodes FROM (SELECT DISTINCT host_name, port FROM system.clusters WHERE cluster = ${literal(cluster)})`);
  const nodes = Number(rows[0]?.nodes ?? 0);
  if (nodes === 0) {
    throw new Error(`ClickHouse at ${redacted(url)} knows no cluster named ${cluster}: name one of its remote_servers in CLICKHOUSE_CLUSTER.`);
  }
  if (nodes !== named) {
    throw new Error(`CLICKHOUSE_NODE_URLS names ${named} node${named === 1 ? '' : 's'}, the cluster ${cluster} has ${nodes}: name each one, so deletes reach every copy of the events.`);
  }
}

function redacted(url: string): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '…';
  return shown.toString();
}
