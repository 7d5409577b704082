import pg from 'pg';
import { migratePostgresDatabase, openPgliteClient } from '../../db/database';
import { readKeys } from '../identity/signing-keys';
import { ClickHouseHttp, literal } from '../events/clickhouse/clickhouse-http';
import type { ClickHouseConfig } from '../../config';
import { openEventStore } from '../events/open-event-store';
import { dedupedEventsSql } from '../events/clickhouse/clickhouse-schema';
import {
  copyAccounts,
  MigrateError,
  occupiedTables,
  rowCounts,
  schemaTables,
  seededRowCounts,
  type SqlClient,
} from './copy-accounts';
import { copyProjectEvents, openDuckDbEventSource, planProjects, type EventSource, type ProjectPlan } from './copy-events';

// The two parts of `npm run migrate-store` (ADR 035, docs/migrate-store.md), each with its dry run.

export interface Say {
  /** Progress and results (stdout). */
  out(line: string): void;
}

const count = (n: number) => n.toLocaleString('en');
/** "1 row", "3,490 rows". */
export const counted = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** Where a URL points, without its user and password. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** Rejects with the operator's words when PostgreSQL cannot be reached. */
async function connectPostgres(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new MigrateError(`Cannot reach PostgreSQL at ${shownUrl(databaseUrl)} (DATABASE_URL): ${describe(error)}.`);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const text = error.message === '' ? ((error as NodeJS.ErrnoException).code ?? error.name) : error.message;
  return `${text}${cause}`;
}

/** node-postgres's client as the copy's SqlClient. */
const sqlOf = (client: pg.Client): SqlClient => ({
  query: async (text: string, params?: unknown[]) => ({ rows: (await client.query<Record<string, unknown>>(text, params)).rows }),
});

export async function migrateAccounts(options: { dataDir: string; databaseUrl: string; dryRun: boolean; say: Say }): Promise<void> {
  const { dataDir, databaseUrl, dryRun, say } = options;
  const target = await connectPostgres(databaseUrl);
  // A dry run changes nothing, not even DATA_DIR's database: its migrations are left for the real run.
  const source = await openPgliteClient(dataDir, { migrate: !dryRun }).catch(async (error: unknown) => {
    await target.end().catch(() => undefined);
    throw error;
  });
  try {
    const signingKeys = readKeys(dataDir);
    const seeded = await seededRowCounts();
    say.out(`Accounts: DATA_DIR's database → PostgreSQL at ${shownUrl(databaseUrl)}`);
    if (dryRun) {
      const tables = await schemaTables(source);
      const counts = await rowCounts(source, tables);
      for (const table of tables) say.out(`  ${table.name}: ${counted(counts.get(table.name) ?? 0, 'row')} would be copied`);
      say.out(`  signing keys from DATA_DIR/keys: ${count(signingKeys.length)} would be carried`);
      const existing = await schemaTables(sqlOf(target));
      const occupied = occupiedTables(await rowCounts(sqlOf(target), existing), seeded);
      say.out(
        occupied.length > 0
          ? `  The target already holds data (${occupied.join(', ')}): the copy would refuse.`
          : `  The target is empty${existing.length === 0 ? ' (not migrated yet: the copy migrates it first)' : ''}: the copy would proceed.`,
      );
      return;
    }
    await migratePostgresDatabase(databaseUrl).catch((error: unknown) => {
      throw new MigrateError(`Migrating the PostgreSQL database failed: ${describe(error)}. Nothing was copied.`);
    });
    const started = performance.now();
    const copied = await copyAccounts({ source, target: sqlOf(target), signingKeys, seeded, progress: (line) => say.out(line) }).catch(
      (error: unknown) => {
        if (error instanceof MigrateError) throw error;
        throw new MigrateError(
          `Copying the accounts failed: ${describe(error)}. Nothing was written (the copy is one transaction, rolled back); the target is migrated and empty, so the command can run again.`,
        );
      },
    );
    const rows = copied.tables.reduce((sum, table) => sum + table.rows, 0);
    say.out(
      `Accounts copied: ${counted(rows, 'row')} in ${counted(copied.tables.length, 'table')} and ${counted(copied.signingKeys, 'signing key')} in ${seconds(started)} s` +
        `${copied.sequences > 0 ? `; ${counted(copied.sequences, 'sequence')} moved past them` : ''}.`,
    );
  } finally {
    await source.close();
    await target.end().catch(() => undefined);
  }
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/** Events sent to ClickHouse in one `append` (its writer inserts each as one part). */
export const EVENT_BATCH = 10_000;
const TABLE = 'events';

/** The project's events the ClickHouse table holds, deduplicated; none when the table is not there yet. */
async function clickHouseCounts(http: ClickHouseHttp, projectIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const [exists] = await http.rows(
    `SELECT count() AS n FROM system.tables WHERE database = ${literal(http.database)} AND name = ${literal(TABLE)}`,
  );
  if (Number(exists?.n ?? 0) === 0) return counts;
  for (const projectId of projectIds) {
    const [row] = await http.rows(`SELECT count() AS n FROM ${dedupedEventsSql(TABLE, literal(projectId))}`);
    counts.set(projectId, Number(row?.n ?? 0));
  }
  return counts;
}

function refusal(plan: readonly ProjectPlan[]): MigrateError | undefined {
  const refused = plan.filter((project) => project.action === 'refuse');
  if (refused.length === 0) return undefined;
  const list = refused.map((project) => `${project.projectId} (${count(project.inTarget)} of ${count(project.events)})`).join(', ');
  return new MigrateError(
    `ClickHouse already holds events of ${refused.length === 1 ? 'project' : 'projects'} ${list}. ` +
      'To finish a copy that stopped, run again with --resume (complete projects are skipped, the others sent again and deduplicated); ' +
      'to start over, point CLICKHOUSE_URL at an empty database.',
  );
}

export async function migrateEvents(options: {
  eventsFile: string;
  /** CLICKHOUSE_URL, and a cluster's CLICKHOUSE_CLUSTER and CLICKHOUSE_NODE_URLS, as the server reads them. */
  clickhouse: ClickHouseConfig;
  dryRun: boolean;
  resume: boolean;
  say: Say;
}): Promise<void> {
  const { clickhouse, dryRun, resume, say } = options;
  const clickHouseUrl = clickhouse.url;
  const http = new ClickHouseHttp({ url: clickHouseUrl });
  try {
    await http.rows('SELECT 1 AS ok');
  } catch (error) {
    throw new MigrateError(`Cannot reach ClickHouse at ${shownUrl(clickHouseUrl)} (CLICKHOUSE_URL): ${describe(error)}.`);
  }
  const source = await openDuckDbEventSource(options.eventsFile);
  try {
    const projects = await source.projects();
    const plan = planProjects(projects, await clickHouseCounts(http, projects.map((project) => project.projectId)), resume);
    say.out(`Events: DATA_DIR's event store → ClickHouse at ${shownUrl(clickHouseUrl)}, table ${TABLE}`);
    for (const project of plan) {
      const held = project.inTarget > 0 ? ` (ClickHouse holds ${count(project.inTarget)})` : '';
      const verb = { copy: dryRun ? 'would be copied' : 'to copy', skip: 'skipped', refuse: 'refused' }[project.action];
      say.out(`  project ${project.projectId}: ${counted(project.events, 'event')} ${verb}${held}`);
    }
    const refused = refusal(plan);
    if (dryRun) {
      say.out(refused ? `  ${refused.message}` : `  The copy would proceed.`);
      return;
    }
    if (refused) throw refused;
    await copyEvents(source, clickhouse, plan, say);
  } finally {
    source.close();
  }
}

async function copyEvents(source: EventSource, clickhouse: ClickHouseConfig, plan: readonly ProjectPlan[], say: Say): Promise<void> {
  // Opened as the server opens it, so a cluster gets its tables on every node (ADR 036).
  const target = await openEventStore({ dataDir: '', clickhouse });
  const started = performance.now();
  const done: string[] = [];
  let current: { projectId: string; sent: number; events: number } | undefined;
  let total = 0;
  try {
    for (const project of plan) {
      if (project.action !== 'copy') continue;
      const now = { projectId: project.projectId, sent: 0, events: project.events };
      current = now;
      let lastReport = performance.now();
      const sent = await copyProjectEvents(source, target, project.projectId, {
        batchSize: EVENT_BATCH,
        progress: (n) => {
          now.sent = n;
          if (performance.now() - lastReport < 1000) return;
          lastReport = performance.now();
          say.out(`  project ${project.projectId}: ${count(n)} of ${count(project.events)} events sent…`);
        },
      });
      total += sent;
      done.push(project.projectId);
      say.out(`  project ${project.projectId}: ${counted(sent, 'event')} copied`);
      current = undefined;
    }
  } catch (error) {
    const copied = done.length > 0 ? `Copied completely: ${done.join(', ')}. ` : 'No project was copied completely. ';
    const stopped = current ? `Stopped in project ${current.projectId} after ${count(current.sent)} of ${count(current.events)} events were acknowledged. ` : '';
    throw new MigrateError(
      `Copying events failed: ${describe(error)}. ${copied}${stopped}` +
        'Run npm run migrate-store -- --events --resume to finish: complete projects are skipped, the others are sent again and ClickHouse keeps one copy of each event.',
    );
  } finally {
    await target.close();
  }
  const projects = plan.filter((project) => project.action === 'copy').length;
  say.out(`Events copied: ${counted(total, 'event')} of ${counted(projects, 'project')} in ${seconds(started)} s.`);
}
