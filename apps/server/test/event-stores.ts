import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { parseConfig } from '../src/config';
import { ClickHouseHttp } from '../src/modules/events/clickhouse/clickhouse-http';
import { openDuckDbEventStore } from '../src/modules/events/duckdb-event-store';
import type { EventStore } from '../src/modules/events/event-store';
import { openEventStore } from '../src/modules/events/open-event-store';
import { databaseTargets, type DatabaseTarget } from './databases';

/**
 * Where a test's events live: the embedded DuckDB store under DATA_DIR, or a database of its own on
 * the run's throwaway ClickHouse server (global-setup.ts), selected the way an operator selects it,
 * with CLICKHOUSE_URL (ADR 033).
 */
export interface EventStoreTarget {
  name: 'DuckDB' | 'ClickHouse';
  /** The environment that puts a new, empty event store behind the app; `dispose` removes it. */
  create(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const clickhouseUrl = inject('clickhouseUrl');

const duckdb: EventStoreTarget = {
  name: 'DuckDB',
  create: () => Promise.resolve({ env: {}, dispose: () => Promise.resolve() }),
};

const clickhouse: EventStoreTarget = {
  name: 'ClickHouse',
  create: async () => {
    if (!clickhouseUrl) throw new Error('no ClickHouse server');
    const name = `qb_test_${randomBytes(6).toString('hex')}`;
    const server = new ClickHouseHttp({ url: clickhouseUrl });
    await server.command(`CREATE DATABASE ${name}`);
    const url = new URL(clickhouseUrl);
    url.pathname = `/${name}`;
    return { env: { CLICKHOUSE_URL: url.toString() }, dispose: () => server.command(`DROP DATABASE IF EXISTS ${name}`) };
  },
};

export const eventStoreTargets: EventStoreTarget[] = clickhouseUrl ? [duckdb, clickhouse] : [duckdb];

/** A database and an event store together: what a test app runs on. */
export interface StorageTarget {
  name: string;
  database: DatabaseTarget;
  events: EventStoreTarget;
}

/**
 * The pairs the ingestion suite runs on: each database with the embedded event store, and ClickHouse
 * with the last database (PostgreSQL when the run has it: the several-processes set-up, ADR 032 and
 * 033). ClickHouse with the other database would add nothing the store does not already show.
 */
export const storageTargets: StorageTarget[] = databaseTargets.flatMap((database) =>
  eventStoreTargets
    .filter((events) => events.name === 'DuckDB' || database === databaseTargets.at(-1))
    .map((events) => ({ name: `${database.name} and ${events.name}`, database, events })),
);

/**
 * A new, empty store of the target's kind opened directly (no app): DuckDB in memory, or ClickHouse
 * on a database of its own, opened through the configuration as the product opens it.
 */
export async function openTestEventStore(
  target: EventStoreTarget,
): Promise<{ store: EventStore; close: () => Promise<void>; /** ClickHouse's: the database's URL. */ url?: string }> {
  if (target.name === 'DuckDB') {
    const store = await openDuckDbEventStore({ file: ':memory:' });
    return { store, close: () => store.close() };
  }
  const place = await target.create();
  const store = await openEventStore({ dataDir: '/nonexistent', clickhouse: parseConfig(place.env).clickhouse });
  return {
    store,
    url: place.env.CLICKHOUSE_URL,
    close: async () => {
      await store.close();
      await place.dispose();
    },
  };
}
