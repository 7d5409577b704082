import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { EventStore, NewEvent } from '../events/event-store';
import { projectTable, toStoredEvent } from '../events/event-table';

// The events half of `npm run migrate-store` (ADR 035): every project's events, read from the
// embedded DuckDB file in the order they were received, written through the target store's own
// `append`, the path ingestion takes (insert_id dedupe, time of receipt, demo flag).

const tablePattern = /^events_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

/** The project whose events a DuckDB table holds (`events_<id without dashes>`), or undefined for any other table. */
export function projectOfTable(table: string): string | undefined {
  const parts = tablePattern.exec(table);
  return parts ? parts.slice(1).join('-') : undefined;
}

/** A stored event as the store's writer takes it: what the game sent, when it was received, demo or not. */
export function toNewEvent(row: Record<string, unknown>): NewEvent {
  const stored = toStoredEvent(row);
  const event: NewEvent = {
    insert_id: stored.insert_id,
    name: stored.name,
    user_id: stored.user_id,
    timestamp: stored.timestamp,
    timeMs: Date.parse(stored.timestamp),
    receivedAt: new Date(stored.received_at),
    demo: stored.demo,
    properties: stored.properties,
  };
  // Absent fields stay absent, as ingestion leaves them.
  if (stored.session_id !== null) event.session_id = stored.session_id;
  if (stored.platform !== null) event.platform = stored.platform;
  if (stored.app_version !== null) event.app_version = stored.app_version;
  if (stored.build !== null) event.build = stored.build;
  if (stored.country !== null) event.country = stored.country;
  if (stored.revenue_amount !== null) event.revenue_amount = stored.revenue_amount;
  if (stored.currency !== null) event.currency = stored.currency;
  if (stored.product_id !== null) event.product_id = stored.product_id;
  return event;
}

export interface SourceProject {
  projectId: string;
  events: number;
}

/** The embedded event store, opened read-only: the copy changes nothing in DATA_DIR. */
export interface EventSource {
  projects(): Promise<SourceProject[]>;
  /** The project's events in batches, in the order they were received. */
  batches(projectId: string, size: number): AsyncIterable<NewEvent[]>;
  close(): void;
}

export async function openDuckDbEventSource(file: string): Promise<EventSource> {
  if (!fs.existsSync(file)) throw new Error(`no event store at ${file}`);
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  return {
    async projects() {
      const tables = (await connection.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY table_name`))
        .getRowsJS()
        .map(([name]) => name as string);
      const projects: SourceProject[] = [];
      for (const table of tables) {
        const projectId = projectOfTable(table);
        if (!projectId) continue;
        const [[events]] = (await connection.runAndReadAll(`SELECT count(*)::DOUBLE FROM ${projectTable(projectId)}`)).getRowsJS() as [[number]];
        projects.push({ projectId, events });
      }
      return projects;
    },
    batches: (projectId, size) => readBatches(connection, projectId, size),
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * Streams the table in the order of receipt: by time received, then by row id (the order the
 * writer appended them in), so events received in the same millisecond keep their order too.
 */
async function* readBatches(connection: DuckDBConnection, projectId: string, size: number): AsyncIterable<NewEvent[]> {
  const result = await connection.stream(
    `SELECT *, epoch_ms(ts)::DOUBLE AS ts_ms, epoch_ms(received_at)::DOUBLE AS received_ms FROM ${projectTable(projectId)}
     ORDER BY received_at, rowid`,
  );
  let batch: NewEvent[] = [];
  for await (const rows of result.yieldRowObjectJs()) {
    for (const row of rows) {
      batch.push(toNewEvent(row));
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** What the copy needs of the target store. */
export type EventTarget = Pick<EventStore, 'append' | 'summary'>;

/**
 * Appends the project's events to `target` batch after batch, each only after the one before was
 * acknowledged, and answers how many were sent. Sending a project again stores nothing twice: the
 * store keeps one row per insert_id, the first received (ADR 008, 033).
 */
export async function copyProjectEvents(
  source: EventSource,
  target: EventTarget,
  projectId: string,
  options: { batchSize: number; progress?: (sent: number) => void },
): Promise<number> {
  let sent = 0;
  for await (const batch of source.batches(projectId, options.batchSize)) {
    await target.append(projectId, batch);
    sent += batch.length;
    options.progress?.(sent);
  }
  return sent;
}

export interface ProjectPlan extends SourceProject {
  /** Events of the project the target already holds. */
  inTarget: number;
  action: 'copy' | 'skip' | 'refuse';
}

/**
 * What to do with each project: copy it when the target holds none of its events; otherwise refuse,
 * unless resuming: then a project holding as many events as the source is complete and skipped,
 * and one holding fewer (a copy that stopped) is sent again in full, its copied events deduplicated.
 */
export function planProjects(projects: readonly SourceProject[], inTarget: ReadonlyMap<string, number>, resume: boolean): ProjectPlan[] {
  return projects.map((project) => {
    const held = inTarget.get(project.projectId) ?? 0;
    const action = held === 0 ? (project.events === 0 ? 'skip' : 'copy') : !resume ? 'refuse' : held >= project.events ? 'skip' : 'copy';
    return { ...project, inTarget: held, action };
  });
}
