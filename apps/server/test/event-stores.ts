import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ClickHouseHttp } from '../src/modules/events/clickhouse/clickhouse-http';
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
  create: async () => ({ env: {}, dispose: async () => {} }),
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
