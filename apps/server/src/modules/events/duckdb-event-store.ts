import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { EventSummary } from '@questboard/shared/developer';
import type { StoredEvent } from '@questboard/shared/events';
import { EventStoreBusyError, type EventStore, type NewEvent, type ProjectUsage, type UsageWindow } from './event-store';
import { eventColumnsSql, projectTable, toStoredEvent } from './event-table';
import { DuckDbMetrics } from './duckdb-metrics';
import { dirtyDaysSql, dropRollupsSql, rollupBookkeepingSql } from './duckdb-rollups';

export interface DuckDbEventStoreOptions {
  /** The database file; ':memory:' for a store that lives only as long as the process. */
  file: string;
  /** Events queued for writing at most; beyond it `append` refuses (back-pressure). */
  maxQueuedEvents?: number;
  /** Events written in one transaction at most (group commit). */
  maxEventsPerCommit?: number;
  threads?: number;
}

interface QueuedWrite {
  projectId: string;
  events: readonly NewEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

// JSON.stringify leaves out undefined fields: from_json reads them as NULL.
const jsonRowShape = JSON.stringify([
  {
    insert_id: 'VARCHAR',
    name: 'VARCHAR',
    user_id: 'VARCHAR',
    session_id: 'VARCHAR',
    ts: 'BIGINT',
    received: 'BIGINT',
    platform: 'VARCHAR',
    app_version: 'VARCHAR',
    build: 'VARCHAR',
    country: 'VARCHAR',
    properties: 'JSON',
    revenue_amount: 'DOUBLE',
    currency: 'VARCHAR',
    product_id: 'VARCHAR',
    demo: 'BOOLEAN',
  },
]);
const selectJsonRows = `SELECT e.insert_id, e.name, e.user_id, e.session_id, epoch_ms(e.ts), epoch_ms(e.received), e.platform,
  e.app_version, e.build, e.country, e.properties, e.revenue_amount, e.currency, e.product_id, e.demo
  FROM (SELECT unnest(from_json($1::JSON, '${jsonRowShape}')) AS e)`;

/**
 * The embedded event store (DESIGN.md "Analytics", ADR 008): one DuckDB file under DATA_DIR, one
 * table per project keyed by insert_id. Writes are group-committed: every batch queued while a
 * commit runs goes into the next one, so many small requests cost one transaction (one WAL flush).
 */
export async function openDuckDbEventStore(options: DuckDbEventStoreOptions): Promise<EventStore> {
  if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
  const instance = await DuckDBInstance.create(options.file, { threads: String(options.threads ?? 2) });
  const writer = await instance.connect();
  const tables = new Set(
    (await writer.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'`))
      .getRowsJS()
      .map(([name]) => name as string),
  );
  for (const sql of rollupBookkeepingSql) await writer.run(sql);
  const [[lastSeq]] = (await writer.runAndReadAll('SELECT coalesce(max(seq), 0)::DOUBLE FROM rollup_dirty')).getRowsJS() as [[number]];
  return new DuckDbEventStore(
    options.file,
    instance,
    writer,
    tables,
    options.maxQueuedEvents ?? 200_000,
    options.maxEventsPerCommit ?? 50_000,
    lastSeq,
  );
}

class DuckDbEventStore implements EventStore {
  readonly kind = 'duckdb';
  private queue: QueuedWrite[] = [];
  private queuedEvents = 0;
  private draining: Promise<void> | undefined;
  /** Deletes and table creation wait for the write in progress; writes wait for them. */
  private exclusive: Promise<unknown> = Promise.resolve();
  private closed = false;
  readonly metrics: DuckDbMetrics;

  constructor(
    private readonly file: string,
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly tables: Set<string>,
    private readonly maxQueuedEvents: number,
    private readonly maxEventsPerCommit: number,
    /** The last rollup_dirty number given out: each commit's marks carry their own (for diagnosis). */
    private dirtySeq: number,
  ) {
    this.metrics = new DuckDbMetrics(instance, (projectId) => this.ensureTableSerialised(projectId));
  }

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    if (events.length === 0) return Promise.resolve();
    if (this.queuedEvents + events.length > this.maxQueuedEvents) {
      return Promise.reject(new EventStoreBusyError(1));
    }
    projectTable(projectId); // refuses anything but a project id before it is queued
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ projectId, events, resolve, reject });
      this.queuedEvents += events.length;
      this.kick();
    });
  }

  private kick() {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      // Writes queued between the loop's last look and now.
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain() {
    while (this.queue.length > 0) {
      let count = 0;
      let taken = 0;
      for (const write of this.queue) {
        if (taken > 0 && count + write.events.length > this.maxEventsPerCommit) break;
        count += write.events.length;
        taken += 1;
      }
      const group = this.queue.splice(0, taken);
      try {
        await this.serialised(() => this.commit(group));
        for (const write of group) write.resolve();
      } catch (error) {
        for (const write of group) write.reject(error);
      } finally {
        this.queuedEvents -= count;
      }
    }
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.exclusive.then(work, work);
    this.exclusive = result.catch(() => undefined);
    return result;
  }

  /** One transaction for the whole group; a project's events go in ordered by time. */
  private async commit(group: readonly QueuedWrite[]) {
    const byProject = new Map<string, Map<string, NewEvent>>();
    for (const write of group) {
      let events = byProject.get(write.projectId);
      if (!events) byProject.set(write.projectId, (events = new Map<string, NewEvent>()));
      // The same insert_id twice in one group: the first one wins, like against stored events.
      for (const event of write.events) if (!events.has(event.insert_id)) events.set(event.insert_id, event);
    }
    for (const projectId of byProject.keys()) await this.ensureTable(projectId);
    // The rows travel as one JSON text that DuckDB parses on its own threads: the event loop only
    // runs JSON.stringify, which is native (ADR 008).
    const payloads = [...byProject].map(([projectId, events]) => [projectId, toJsonRows(events.values())] as const);
    // Retried batches are rare: try the plain insert (the unique index only checks), and only
    // when an insert_id is already stored redo the transaction skipping the stored ones.
    try {
      await this.insertRows(payloads, 'INSERT');
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.insertRows(payloads, 'INSERT OR IGNORE');
    }
  }

  private async insertRows(payloads: readonly (readonly [string, JsonRows])[], verb: string) {
    await this.writer.run('BEGIN TRANSACTION');
    try {
      for (const [projectId, rows] of payloads) {
        await this.writer.run(`${verb} INTO ${projectTable(projectId)} ${selectJsonRows}`, [rows.json]);
        // The days these events fall on, for the metrics' rollups (ADR 010), in the same transaction.
        await this.writer.run(dirtyDaysSql(projectId, this.dirtySeq + 1, rows.days));
      }
      await this.writer.run('COMMIT');
      this.dirtySeq += 1;
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** For readers: creates the project's (empty) table if it has none yet. */
  private ensureTableSerialised(projectId: string): Promise<void> {
    if (this.tables.has(projectTable(projectId))) return Promise.resolve();
    return this.serialised(() => this.ensureTable(projectId));
  }

  /** After a delete (in its transaction): every rollup of the project is rebuilt at the next query. */
  private async markAllDirty(projectId: string) {
    await this.writer.run(dirtyDaysSql(projectId, this.dirtySeq + 1, null));
    this.dirtySeq += 1;
  }

  private async ensureTable(projectId: string) {
    const table = projectTable(projectId);
    if (this.tables.has(table)) return;
    await this.writer.run(`CREATE TABLE IF NOT EXISTS ${table} (${eventColumnsSql})`);
    this.tables.add(table);
  }

  private async read<T>(projectId: string, empty: T, query: (connection: DuckDBConnection, table: string) => Promise<T>): Promise<T> {
    const table = projectTable(projectId);
    if (!this.tables.has(table)) return empty;
    const connection = await this.instance.connect();
    try {
      return await query(connection, table);
    } catch (error) {
      // The project's table was dropped between the check and the query: it holds nothing.
      if (!this.tables.has(table)) return empty;
      throw error;
    } finally {
      connection.closeSync();
    }
  }

  latest(projectId: string, limit: number): Promise<StoredEvent[]> {
    return this.read(projectId, [], async (connection, table) => {
      const reader = await connection.runAndReadAll(
        `SELECT *, epoch_ms(ts)::DOUBLE AS ts_ms, epoch_ms(received_at)::DOUBLE AS received_ms FROM ${table}
         ORDER BY received_at DESC, ts DESC LIMIT $1`,
        [limit],
      );
      return reader.getRowObjectsJS().map(toStoredEvent);
    });
  }

  summary(projectId: string): Promise<EventSummary> {
    const empty: EventSummary = { totalEvents: 0, demoEvents: 0, lastReceivedAt: null };
    return this.read(projectId, empty, async (connection, table) => {
      const reader = await connection.runAndReadAll(
        `SELECT count(*)::DOUBLE, (count(*) FILTER (WHERE demo))::DOUBLE, epoch_ms(max(received_at))::DOUBLE FROM ${table}`,
      );
      const [total, demo, last] = reader.getRowsJS()[0] as [number, number, number | null];
      return { totalEvents: total, demoEvents: demo, lastReceivedAt: last === null ? null : new Date(last).toISOString() };
    });
  }

  deleteDemo(projectId: string): Promise<number> {
    return this.deleteWhere(projectId, 'demo');
  }

  deleteAll(projectId: string): Promise<number> {
    return this.deleteWhere(projectId, 'true');
  }

  /**
   * Deleting row by row also updates the insert_id index entry by entry: about 20 µs an event, so
   * half a minute for a demo population. When most rows go, the table is rebuilt from the rows that
   * stay instead (one transaction, so a crash keeps the old table), which takes a second or two.
   */
  private deleteWhere(projectId: string, condition: string): Promise<number> {
    const table = projectTable(projectId);
    return this.serialised(async () => {
      if (!this.tables.has(table)) return 0;
      const counts = await this.writer.runAndReadAll(`SELECT count(*)::DOUBLE, (count(*) FILTER (WHERE ${condition}))::DOUBLE FROM ${table}`);
      const [total, doomed] = counts.getRowsJS()[0] as [number, number];
      if (doomed === 0) return 0;
      if (doomed < total / 2) return this.deleteRows(projectId, `DELETE FROM ${table} WHERE ${condition}`);
      const rebuilt = `${table}_rebuilt`;
      await this.writer.run('BEGIN TRANSACTION');
      try {
        await this.markAllDirty(projectId);
        await this.writer.run(`DROP TABLE IF EXISTS ${rebuilt}`);
        await this.writer.run(`CREATE TABLE ${rebuilt} (${eventColumnsSql})`);
        await this.writer.run(`INSERT INTO ${rebuilt} SELECT * FROM ${table} WHERE NOT (${condition}) ORDER BY ts`);
        await this.writer.run(`DROP TABLE ${table}`);
        await this.writer.run(`ALTER TABLE ${rebuilt} RENAME TO ${table}`);
        await this.writer.run('COMMIT');
      } catch (error) {
        await this.writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      return doomed;
    });
  }

  deleteBefore(projectId: string, cutoff: Date): Promise<number> {
    const table = projectTable(projectId);
    return this.serialised(async () => {
      if (!this.tables.has(table)) return 0;
      return this.deleteRows(projectId, `DELETE FROM ${table} WHERE ts < epoch_ms($1::BIGINT)`, [cutoff.getTime()]);
    });
  }

  /** One DELETE and the rollups' mark, in one transaction; answers the rows deleted. */
  private async deleteRows(projectId: string, sql: string, values: number[] = []): Promise<number> {
    await this.writer.run('BEGIN TRANSACTION');
    try {
      const deleted = (await this.writer.run(sql, values)).rowsChanged;
      if (deleted > 0) await this.markAllDirty(projectId);
      await this.writer.run('COMMIT');
      return deleted;
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  usage(projectId: string, window: UsageWindow): Promise<ProjectUsage> {
    const empty: ProjectUsage = { storedEvents: 0, eventsThisMonth: 0, monthlyActivePlayers: 0, daily: [] };
    return this.read(projectId, empty, async (connection, table) => {
      const totals = await connection.runAndReadAll(
        `SELECT count(*)::DOUBLE,
                (count(*) FILTER (WHERE received_at >= epoch_ms($1::BIGINT)))::DOUBLE,
                (count(DISTINCT user_id) FILTER (WHERE ts >= epoch_ms($1::BIGINT)))::DOUBLE
         FROM ${table}`,
        [window.monthStart.getTime()],
      );
      const [stored, month, players] = totals.getRowsJS()[0] as [number, number, number];
      const days = await connection.runAndReadAll(
        `SELECT strftime(received_at::DATE, '%Y-%m-%d') AS day, count(*)::DOUBLE AS events FROM ${table}
         WHERE received_at >= epoch_ms($1::BIGINT) GROUP BY 1 ORDER BY 1`,
        [window.from.getTime()],
      );
      return {
        storedEvents: stored,
        eventsThisMonth: month,
        monthlyActivePlayers: players,
        daily: days.getRowsJS().map(([day, events]) => ({ day: day as string, events: events as number })),
      };
    });
  }

  async sizeBytes(): Promise<number> {
    if (this.file === ':memory:') return 0;
    let total = 0;
    for (const file of [this.file, `${this.file}.wal`]) {
      total += await fs.promises.stat(file).then((stat) => stat.size, () => 0);
    }
    return total;
  }

  deleteProject(projectId: string): Promise<void> {
    const table = projectTable(projectId);
    return this.serialised(async () => {
      this.tables.delete(table);
      await this.writer.run(`DROP TABLE IF EXISTS ${table}`);
      for (const sql of dropRollupsSql(projectId)) await this.writer.run(sql);
    });
  }

  async ping() {
    const connection = await this.instance.connect();
    try {
      await connection.run('SELECT 1');
    } finally {
      connection.closeSync();
    }
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    while (this.draining) await this.draining;
    await this.exclusive;
    // A clean shutdown folds the write-ahead log into the file, so the next start replays nothing.
    await this.writer.run('CHECKPOINT').catch(() => undefined);
    this.writer.closeSync();
    this.instance.closeSync();
  }
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof Error && /duplicate key|violates primary key|PRIMARY KEY or UNIQUE constraint/i.test(error.message);
}

interface JsonRows {
  json: string;
  /** The UTC days (days since the epoch) the events fall on. */
  days: Set<number>;
}

/** The events as a JSON array in the shape of `jsonRowShape`, ordered by event time. */
function toJsonRows(events: Iterable<NewEvent>): JsonRows {
  const rows = [];
  const days = new Set<number>();
  for (const event of events) {
    rows.push({
      insert_id: event.insert_id,
      name: event.name,
      user_id: event.user_id,
      session_id: event.session_id,
      ts: event.timeMs ?? Date.parse(event.timestamp),
      received: event.receivedAt.getTime(),
      platform: event.platform,
      app_version: event.app_version,
      build: event.build,
      country: event.country,
      properties: event.properties,
      revenue_amount: event.revenue_amount,
      currency: event.currency,
      product_id: event.product_id,
      demo: event.demo,
    });
  }
  rows.sort((a, b) => a.ts - b.ts);
  for (const row of rows) days.add(Math.floor(row.ts / 86_400_000));
  return { json: JSON.stringify(rows), days };
}
