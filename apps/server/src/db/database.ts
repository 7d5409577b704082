import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { startPgliteMaintenance } from './pglite-maintenance';
import { pgliteCacheVersion, postgresCacheVersion, type CacheVersionSource, type InProcessCacheVersion } from './cache-version';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a statement the query builder cannot express, as the driver gives them: columns keep
 * their SQL names, and a timestamp may come as text (drizzle keeps the drivers from parsing it).
 */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Tells the in-process caches when what they hold changed (ADR 019). */
  cacheVersion: CacheVersionSource;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works; it only has to be the same for every Questboard process on one server.
const migrationLockKey = 7_410_202_611;

/**
 * PGlite under DATA_DIR by default; PostgreSQL through node-postgres when a URL is given. The same
 * SQL migrations run on both before the database is handed out.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Where the embedded database lives in DATA_DIR. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The embedded database, migrated; `undefined` for an in-memory one. The caller holds DATA_DIR's
 * lock (the server here, `npm run migrate-store` for its copy, ADR 035).
 */
export async function openPgliteClient(dataDir: string | undefined, options: { migrate?: boolean } = {}): Promise<PGlite> {
  // pg_trgm backs the project search index (ADR 009).
  const settings = { extensions: { pg_trgm } };
  const client = dataDir === undefined ? new PGlite(settings) : new PGlite(pgliteFolder(dataDir), settings);
  try {
    await client.waitReady;
    // The whole database sits in memory and every tuple costs WebAssembly time, so reading a page
    // is cheap next to processing its rows: without this the planner sorts a whole organisation's
    // projects rather than walking the index that is already in the right order (ADR 009).
    await client.exec('set seq_page_cost = 0.1; set random_page_cost = 0.1');
    if (options.migrate !== false) await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return client;
  } catch (error) {
    if (!client.closed) await client.close();
    throw error;
  }
}

/** The Database over an open PGlite client; `close` is what closing it does. */
export function pgliteDatabase(
  client: PGlite,
  close: () => Promise<void>,
): Database & { cacheVersion: InProcessCacheVersion } {
  return {
    db: drizzlePglite({ client, schema }),
    driver: 'pglite',
    cacheVersion: pgliteCacheVersion(client),
    ping: async () => {
      await client.query('select 1');
    },
    close,
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await openPgliteClient(dataDir);
    const maintenance = await startPgliteMaintenance(client);
    return pgliteDatabase(client, async () => {
      try {
        await maintenance.stop();
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Requests give up on a stopped or frozen server within seconds and answer 503 (ADR 012): without
 * these a frozen PostgreSQL held every request, and /readyz, for minutes. The product's queries are
 * short; the analytics ones run in the event store, not here.
 */
export const postgresTimeouts = {
  /** Opening a connection, start-up handshake included. */
  connectionTimeoutMillis: 2_000,
  /** The server cancels a statement running longer (it then answers 57014). */
  statement_timeout: 4_000,
  /** The client stops waiting for an answer (a frozen server answers nothing, not even a cancel). */
  query_timeout: 5_000,
  /** Idle connections are closed, so a restarted server is reached through fresh ones. */
  idleTimeoutMillis: 10_000,
} as const;

/**
 * Runs the migrations on PostgreSQL, one process at a time, on a connection of its own without the
 * request time-outs (migrations may take longer than a request may).
 */
export async function migratePostgresDatabase(databaseUrl: string): Promise<void> {
  const migrator = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  migrator.on('error', () => undefined);
  await migrator.connect();
  try {
    // Several servers may start at once against one database: migrate one at a time.
    await migrator.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePostgres(drizzlePostgres({ client: migrator, schema }), { migrationsFolder });
    } finally {
      await migrator.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    await migrator.end();
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  await migratePostgresDatabase(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, keepAlive: true, ...postgresTimeouts });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    // Fail at start, not at the first request, when the pool cannot reach the server.
    const client = await pool.connect();
    try {
      await client.query('select 1');
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    cacheVersion: postgresCacheVersion(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
