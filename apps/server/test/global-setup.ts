import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL cluster, or null when its half of the tests is skipped. */
    postgresUrl: string | null;
  }
}

// Integration tests run on PGlite and on a real PostgreSQL 15. Without the server binaries the
// PostgreSQL half is skipped loudly on a laptop, and is a failure in CI.
export default async function setup(project: TestProject) {
  const binDir = findPostgresBinaries();
  if (!binDir) {
    const message = 'PostgreSQL server binaries not found (looked in PG_BIN and /usr/lib/postgresql/15/bin).';
    if (process.env.CI) throw new Error(`${message} CI requires them: apt-get install -y postgresql-15`);
    process.stderr.write(
      `\n${'!'.repeat(100)}\n!! ${message}\n!! SKIPPING every PostgreSQL integration test; only PGlite is tested. Install postgresql-15 to run them.\n${'!'.repeat(100)}\n\n`,
    );
    project.provide('postgresUrl', null);
    return;
  }
  const cluster = await startPostgresCluster(binDir);
  process.stdout.write(`Throwaway ${cluster.version} cluster at ${cluster.url}\n`);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
