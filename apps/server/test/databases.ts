import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { makeTestFolder } from './test-temp-root';
import { leasePglite, type PooledDatabase } from './pglite-pool';

/**
 * The database targets every integration test file runs against: `describe.each(databaseTargets)`.
 * Each `create()` gives a brand-new database, migrated and empty of data (a fresh DATA_DIR, or a
 * fresh PostgreSQL database in the throwaway cluster) and `dispose()` removes it.
 */
export interface DatabaseTarget {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<{ dataDir: string; databaseUrl: string | undefined; dispose(): Promise<void> }>;
  /**
   * A migrated, empty database already open, for a test app (createTestApp): PGlite's are handed
   * from test to test, emptied, rather than copied and opened each time (pglite-pool.ts).
   */
  lease?(): Promise<PooledDatabase>;
}

// Migrated once for the whole run by the global set-up (database-templates.ts): a copy of one costs
// about a tenth of a second, an initdb and the migrations seconds (ADR 018).
const pgliteTemplate = inject('pgliteTemplate');
const postgresUrl = inject('postgresUrl');
const postgresTemplate = inject('postgresTemplate');

/** A new DATA_DIR holding a copy of the migrated template. */
function copyOfTemplate(): string {
  const dataDir = makeTestFolder('test');
  fs.cpSync(path.join(pgliteTemplate, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

const pglite: DatabaseTarget = {
  name: 'PGlite',
  lease: () => leasePglite(copyOfTemplate),
  create: async () => {
    const dataDir = copyOfTemplate();
    return {
      dataDir,
      databaseUrl: undefined,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

const postgres: DatabaseTarget = {
  name: 'PostgreSQL',
  create: async () => {
    if (!postgresUrl || !postgresTemplate) throw new Error('no PostgreSQL cluster');
    const name = `qb_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    await admin.end();
    const dataDir = makeTestFolder('test');
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      dataDir,
      databaseUrl: url.toString(),
      dispose: async () => {
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const databaseTargets: DatabaseTarget[] = postgresUrl ? [pglite, postgres] : [pglite];
