import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How this process learns that the state its caches hold has changed (ADR 015). The database bumps
 * `cache_version` in the transaction of every change to a cached table and notifies on commit.
 */
export type CacheVersionSource =
  /** PGlite: this process is the only writer (the DATA_DIR lock); the notification arrives before the writer's query resolves. */
  | { kind: 'in-process'; subscribe(onChange: () => void): Promise<void> }
  /** PostgreSQL: other processes write too; every request reads the version (one primary-key read). */
  | { kind: 'shared'; read(): Promise<number> };

export const cacheChannel = 'questboard_cache';

export function pgliteCacheVersion(client: PGlite): CacheVersionSource {
  return {
    kind: 'in-process',
    subscribe: async (onChange) => {
      await client.listen(cacheChannel, onChange);
    },
  };
}

// A named statement: parsed and planned once per connection.
const readVersion = { name: 'read_cache_version', text: 'select version from cache_version where id = 1' };

export function postgresCacheVersion(pool: pg.Pool): CacheVersionSource {
  return {
    kind: 'shared',
    read: async () => {
      const result = await pool.query<{ version: string }>(readVersion);
      return Number(result.rows[0]?.version ?? 0);
    },
  };
}
