import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTemplate } from './database-templates';
import { findPostgresBinaries, startPostgresCluster } from './postgres-cluster';
import { clickHouseForTests, startClickHouse, type ClickHouseNode } from './clickhouse-cluster';
import { removeLeftovers } from './test-leftovers';
import { testTempRoot } from './test-temp-root';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite DATA_DIR that every PGlite test database is a copy of. */
    pgliteTemplate: string;
    /** Admin URL of the throwaway PostgreSQL cluster, or null when its half of the tests is skipped. */
    postgresUrl: string | null;
    /** The migrated database in that cluster that every PostgreSQL test database is a copy of. */
    postgresTemplate: string | null;
    /** A throwaway ClickHouse server (`http://127.0.0.1:<port>/default`) for the event-store targets, or null when skipped. */
    clickhouseUrl: string | null;
  }
}

// Integration tests run on PGlite and on a real PostgreSQL 15. Without the server binaries the
// PostgreSQL half is skipped loudly on a laptop, and is a failure in CI.
export default async function setup(project: TestProject) {
  const removed = removeLeftovers(testTempRoot);
  if (removed.length > 0) process.stdout.write(`Removed what killed test runs left in ${testTempRoot}: ${removed.join(', ')}\n`);
  const clickhouse = await startClickHouseForRun();
  project.provide('clickhouseUrl', clickhouse?.url ?? null);
  try {
    const teardown = await setupDatabases(project);
    return async () => {
      try {
        teardown();
      } finally {
        await clickhouse?.stop();
        // The workers have ended: what their pools held idle (pglite-pool.ts) goes now, not at the
        // next run's start.
        removeLeftovers(testTempRoot);
      }
    };
  } catch (error) {
    await clickhouse?.stop();
    throw error;
  }
}

/** One ClickHouse server for the run (each test takes a database of its own on it: event-stores.ts). */
async function startClickHouseForRun(): Promise<ClickHouseNode | undefined> {
  const command = clickHouseForTests();
  if (!command) return undefined;
  const node = await startClickHouse(command);
  process.stdout.write(`Throwaway ClickHouse server at ${node.url}\n`);
  return node;
}

async function setupDatabases(project: TestProject): Promise<() => void> {
  const pglite = await createPgliteTemplate();
  project.provide('pgliteTemplate', pglite.dataDir);
  const binDir = findPostgresBinaries();
  if (!binDir) {
    const message = 'PostgreSQL server binaries not found (looked in PG_BIN and /usr/lib/postgresql/15/bin).';
    if (process.env.CI) {
      pglite.remove();
      throw new Error(`${message} CI requires them: apt-get install -y postgresql-15`);
    }
    process.stderr.write(
      `\n${'!'.repeat(100)}\n!! ${message}\n!! SKIPPING every PostgreSQL integration test; only PGlite is tested. Install postgresql-15 to run them.\n${'!'.repeat(100)}\n\n`,
    );
    project.provide('postgresUrl', null);
    project.provide('postgresTemplate', null);
    return () => pglite.remove();
  }
  const cluster = await startPostgresCluster(binDir);
  process.stdout.write(`Throwaway ${cluster.version} cluster at ${cluster.url}\n`);
  const teardown = () => {
    try {
      cluster.stop();
    } finally {
      pglite.remove();
    }
  };
  try {
    project.provide('postgresUrl', cluster.url);
    project.provide('postgresTemplate', await createPostgresTemplate(cluster.url));
  } catch (error) {
    teardown();
    throw error;
  }
  return teardown;
}
