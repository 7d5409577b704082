import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How this process learns that the state its caches hold has changed (ADR 019). The database bumps
 * `cache_version` in the transaction of every change to a cached table and notifies on commit.
 */
export type CacheVersionSource =
  /** PGlite: this process is the only writer (the DATA_DIR lock); the notification arrives before the writer's query resolves. */
  | { kind: 'in-process'; subscribe(onChange: () => void): Promise<void> }
  /** PostgreSQL: other processes write too; every request reads the version (one primary-key read). */
  | { kind: 'shared'; read(): Promise<number> };

export type InProcessCacheVersion = Extract<CacheVersionSource, { kind: 'in-process' }>;

export const cacheChannel = 'questboard_cache';

export function pgliteCacheVersion(client: PGlite): InProcessCacheVersion {
  return {
    kind: 'in-process',
    subscribe: async (onChange) => {
      await client.listen(cacheChannel, onChange);
    },
  };
}

// A named statement: parsed and planned once per connection.
const readVersion = { name: 'read_cache_version', text: 'select version from cache_version where id = 1' };

/**
 * Requests arriving while a read is on its way share the next one, sent once that read is back: a
 * read that left before a request arrived could predate a change the request must see, one sent
 * after cannot. Under load that is one read per round trip, not one per request.
 */
export function postgresCacheVersion(pool: pg.Pool): CacheVersionSource {
  let inFlight: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const query = async () => Number((await pool.query<{ version: string }>(readVersion)).rows[0]?.version ?? 0);
  const read = (): Promise<number> => {
    if (!inFlight) {
      inFlight = query().finally(() => (inFlight = null));
      return inFlight;
    }
    // When the read on its way fails (an outage), its waiters fail with it at once rather than
    // wait out a second time-out: a refusal is never a stale answer.
    next ??= inFlight.then(
      () => {
        next = null;
        return read();
      },
      (error: unknown) => {
        next = null;
        throw error;
      },
    );
    return next;
  };
  return { kind: 'shared', read };
}
