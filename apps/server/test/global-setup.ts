import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTemplate } from './database-templates';
import { findPostgresBinaries, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite DATA_DIR that every PGlite test database is a copy of. */
    pgliteTemplate: string;
    /** Admin URL of the throwaway PostgreSQL cluster, or null when its half of the tests is skipped. */
    postgresUrl: string | null;
    /** The migrated database in that cluster that every PostgreSQL test database is a copy of. */
    postgresTemplate: string | null;
  }
}

// Integration tests run on PGlite and on a real PostgreSQL 15. Without the server binaries the
// PostgreSQL half is skipped loudly on a laptop, and is a failure in CI.
export default async function setup(project: TestProject) {
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
