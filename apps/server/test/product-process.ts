import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { openDatabase } from '../src/db/database';
import { ingestKeys, organisations, projects } from '../src/db/schema';
import { projectTable } from '../src/modules/events/event-table';
import { newIngestKey } from '../src/modules/ingestion/ingest-key-store';
import { ClickHouseHttp, literal } from '../src/modules/events/clickhouse/clickhouse-http';

/** The product as `npm start` runs it, for the tests that need a real process (kill, CLI). */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// Every process started here until it exits: a test that fails midway must not leave a product
// running (and holding its port and DATA_DIR) after its file, nor after the test worker.
const running = new Map<ChildProcess, Promise<void>>();
process.on('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

function track(child: ChildProcess) {
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  running.set(child, exited);
  return { child, exited };
}

/** Stops the processes this file started that are still running (for afterAll). */
export async function stopStartedProcesses(): Promise<void> {
  const left = [...running];
  for (const [child] of left) child.kill('SIGTERM');
  await Promise.all(left.map(([, exited]) => exited));
}

export function startProduct(dataDir: string, port: number, env: Record<string, string> = {}) {
  return track(
    spawn(process.execPath, ['scripts/start.cjs'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

/**
 * The server entry (`src/index.ts`) without `npm start`'s web build, with the environment given:
 * for the tests that run several instances on one PostgreSQL (ADR 032).
 */
export function startServerProcess(env: Record<string, string>) {
  return track(
    spawn(process.execPath, ['-r', './scripts/threadpool.cjs', '--import', 'tsx', 'apps/server/src/index.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

export async function waitForReady(base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

/** An organisation with one project and its key, written before the server starts. */
export async function seedProject(dataDir: string, identifier: string) {
  const database = await openDatabase({ dataDir });
  const now = new Date();
  const [organisation] = await database.db.insert(organisations).values({ name: 'Seeded Studio', createdAt: now, updatedAt: now }).returning();
  const [project] = await database.db
    .insert(projects)
    .values({ organisationId: organisation!.id, name: identifier, description: 'd'.repeat(150), identifier, createdAt: now, updatedAt: now })
    .returning();
  const key = newIngestKey(project!.id, 'Default', 'standard', now);
  await database.db.insert(ingestKeys).values(key);
  await database.close();
  return { projectId: project!.id, key: key.key };
}

/**
 * Reads the project's events straight from the DuckDB file (the server must be stopped), or from
 * ClickHouse when the environment names it, each insert_id once (`FINAL`, ADR 033).
 */
export async function storedEvents(dataDir: string, projectId: string, env: Record<string, string> = {}): Promise<{ insertId: string; demo: boolean }[]> {
  if (env.CLICKHOUSE_URL) {
    const rows = await new ClickHouseHttp({ url: env.CLICKHOUSE_URL }).rows(
      `SELECT insert_id, demo FROM events FINAL WHERE project_id = ${literal(projectId)}`,
    );
    return rows.map((row) => ({ insertId: String(row.insert_id), demo: row.demo === 1 }));
  }
  const instance = await DuckDBInstance.create(path.join(dataDir, 'events', 'events.duckdb'));
  try {
    const connection = await instance.connect();
    const rows = (await connection.runAndReadAll(`SELECT insert_id, demo FROM ${projectTable(projectId)}`)).getRowsJS();
    connection.closeSync();
    return rows.map(([insertId, demo]) => ({ insertId: insertId as string, demo: demo as boolean }));
  } finally {
    instance.closeSync();
  }
}
