import fs from 'node:fs';
import path from 'node:path';
import {
  BOOLEAN,
  DOUBLE,
  DuckDBDataChunk,
  DuckDBInstance,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { EventSummary } from '@questboard/shared/developer';
import type { StoredEvent } from '@questboard/shared/events';
import { EventStoreBusyError, type EventStore, type NewEvent, type ProjectUsage, type UsageWindow } from './event-store';
import { eventColumnsSql, projectTable, toStoredEvent } from './event-table';
import { DuckDbMetrics } from './duckdb-metrics';
import { allDaysDirtySql, dropRollupsSql, rollupBookkeepingSql } from './duckdb-rollups';
import { outageOf, StorageFullError } from '../../lib/outage';

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
  /** The events as column vectors, built when they arrived (off the writer's path). */
  chunks: DuckDBDataChunk[];
  count: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface StagingColumn {
  /** The event table's column it fills. */
  name: string;
  /** Its type in the staging table and in the data chunks. */
  type: DuckDBType;
  /** The staging column's SQL type, and how the insert reads it (times travel as epoch ms). */
  sql: string;
  select: string;
  value: (event: NewEvent) => DuckDBValue;
}

const textColumn = (name: string, value: (event: NewEvent) => string | null | undefined): StagingColumn => ({
  name,
  type: VARCHAR,
  sql: 'VARCHAR',
  select: name,
  value: (event) => value(event) ?? null,
});
const timeColumn = (name: string, value: (event: NewEvent) => number): StagingColumn => ({
  name,
  type: DOUBLE,
  sql: 'DOUBLE',
  select: `epoch_ms(${name}::BIGINT)`,
  value,
});

/** Every column of the event table (`eventColumnsSql`), as the writer stages it. */
const stagingColumns: readonly StagingColumn[] = [
  textColumn('insert_id', (event) => event.insert_id),
  textColumn('name', (event) => event.name),
  textColumn('user_id', (event) => event.user_id),
  textColumn('session_id', (event) => event.session_id),
  timeColumn('ts', (event) => event.timeMs ?? Date.parse(event.timestamp)),
  timeColumn('received_at', (event) => event.receivedAt.getTime()),
  textColumn('platform', (event) => event.platform),
  textColumn('app_version', (event) => event.app_version),
  textColumn('build', (event) => event.build),
  textColumn('country', (event) => event.country),
  // The JSON column takes the text as it is: JSON.stringify only writes valid JSON.
  { name: 'properties', type: VARCHAR, sql: 'JSON', select: 'properties', value: (event) => (event.properties === undefined ? null : JSON.stringify(event.properties)) },
  { name: 'revenue_amount', type: DOUBLE, sql: 'DOUBLE', select: 'revenue_amount', value: (event) => event.revenue_amount ?? null },
  textColumn('currency', (event) => event.currency),
  textColumn('product_id', (event) => event.product_id),
  { name: 'demo', type: BOOLEAN, sql: 'BOOLEAN', select: 'demo', value: (event) => event.demo },
];

/**
 * The writer's scratch table, seen only by its connection (ADR 008). A request's events become
 * column vectors as it arrives (`toDataChunks`); the writer appends them here with DuckDB's appender
 * and moves them into the project's table with one INSERT … SELECT, so DuckDB parses no text.
 */
const STAGING = 'write_staging';
const stagingTableSql = `CREATE OR REPLACE TEMP TABLE ${STAGING} (${stagingColumns.map((column) => `${column.name} ${column.sql}`).join(', ')})`;
const stagingTypes = stagingColumns.map((column) => column.type);
const targetColumns = stagingColumns.map((column) => column.name).join(', ');
const stagedRows = `SELECT ${stagingColumns.map((column) => column.select).join(', ')} FROM ${STAGING}`;
/** Less free space than this under the store, and it is not ready: the next batch would not fit. */
const minFreeBytes = 1024 * 1024;
/** Rows in one data chunk at most (DuckDB's vector size). */
const CHUNK_ROWS = 2048;

/**
 * One project's staged rows into its table and the days they touch into the rollups' marks, in one
 * transaction that also empties the staging table: a single round trip to DuckDB's threads. A retried
 * batch (an insert_id the table holds, or one sent twice) takes the slower path, where the first
 * one received wins, like against stored events.
 */
function moveStagedSql(projectId: string, seq: number, retry: boolean): string {
  const table = projectTable(projectId);
  const rows = retry
    ? `INSERT OR IGNORE INTO ${table} (${targetColumns}) ${stagedRows} QUALIFY row_number() OVER (PARTITION BY insert_id ORDER BY rowid) = 1 ORDER BY ts`
    : `INSERT INTO ${table} (${targetColumns}) ${stagedRows} ORDER BY ts`;
  return [
    'BEGIN TRANSACTION',
    // A project's events go in ordered by time, which keeps its per-day scans cheap.
    rows,
    // The days these events fall on, for the metrics' rollups (ADR 010).
    `INSERT INTO rollup_dirty SELECT DISTINCT '${projectId}', ${seq}, epoch_ms(ts::BIGINT)::DATE FROM ${STAGING}`,
    // Emptied in the same transaction: a failed commit leaves the rows staged for the retry.
    `DELETE FROM ${STAGING}`,
    'COMMIT',
  ].join(';\n');
}

/**
 * The embedded event store (docs/product/metrics.md#where-events-live, ADR 008): one DuckDB file under DATA_DIR, one
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
  await writer.run(stagingTableSql);
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
  /** The staging table may hold rows of a failed commit: emptied before the next one. */
  private stagingDirty = false;
  /** The disk was full at the last write: not ready until a write succeeds again (issue 21, ADR 012). */
  private storageFull: StorageFullError | undefined;
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
    return new Promise<void>((resolve, reject) => {
      projectTable(projectId); // refuses anything but a project id before it is queued
      // The column vectors are built here, as the request arrives, not on the writer's path.
      const chunks = toDataChunks(events);
      this.queue.push({ projectId, chunks, count: events.length, resolve, reject });
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
        if (taken > 0 && count + write.count > this.maxEventsPerCommit) break;
        count += write.count;
        taken += 1;
      }
      const byProject = new Map<string, QueuedWrite[]>();
      for (const write of this.queue.splice(0, taken)) {
        const writes = byProject.get(write.projectId);
        if (writes) writes.push(write);
        else byProject.set(write.projectId, [write]);
      }
      // A transaction per project: its writes are answered as soon as it commits.
      for (const [projectId, writes] of byProject) {
        try {
          await this.serialised(() => this.commit(projectId, writes));
          this.storageFull = undefined;
          for (const write of writes) write.resolve();
        } catch (error) {
          const failure = outageOf(error) === 'storage' ? new StorageFullError({ cause: error }) : error;
          if (failure instanceof StorageFullError) this.storageFull = failure;
          for (const write of writes) write.reject(failure);
        } finally {
          for (const write of writes) this.queuedEvents -= write.count;
        }
      }
    }
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.exclusive.then(work, work);
    this.exclusive = result.catch(() => undefined);
    return result;
  }

  /**
   * Every write of one project in one transaction (group commit): one WAL flush for them all. The
   * plain insert only checks the insert_id index; only when an id is already stored (a retried
   * batch, which is rare) is the transaction redone skipping the stored ones.
   */
  private async commit(projectId: string, writes: readonly QueuedWrite[]) {
    await this.ensureTable(projectId);
    if (this.stagingDirty) {
      await this.writer.run(`DELETE FROM ${STAGING}`);
      this.stagingDirty = false;
    }
    // Outside any transaction: the staging table is temporary, so this writes no log.
    const appender = await this.writer.createAppender(STAGING, 'main', 'temp');
    this.stagingDirty = true;
    try {
      for (const write of writes) for (const chunk of write.chunks) appender.appendDataChunk(chunk);
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    const seq = this.dirtySeq + 1;
    await this.moveStaged(projectId, seq, false).catch(async (error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      await this.moveStaged(projectId, seq, true);
    });
    this.dirtySeq = seq;
    this.stagingDirty = false;
  }

  private async moveStaged(projectId: string, seq: number, retry: boolean) {
    try {
      await this.writer.run(moveStagedSql(projectId, seq, retry));
    } catch (error) {
      // A statement failed inside the transaction: undo it; the staged rows stay for a retry.
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** For readers: creates the project's (empty) table if it has none yet. */
  private ensureTableSerialised(projectId: string): Promise<void> {
    if (this.tables.has(projectTable(projectId))) return Promise.resolve();
    return this.serialised(() => this.ensureTable(projectId));
  }

  /** After the table was rebuilt (in its transaction): every rollup of the project is rebuilt at the next query. */
  private async markAllDirty(projectId: string) {
    await this.writer.run(allDaysDirtySql(projectId, this.dirtySeq + 1));
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
      if (doomed < total / 2) return this.deleteRows(projectId, condition);
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
      return this.deleteRows(projectId, 'ts < epoch_ms($1::BIGINT)', [cutoff.getTime()]);
    });
  }

  /**
   * Deletes the rows matching `condition` and marks the days they fell on for the rollups' refresh
   * (ADR 010), in one transaction; answers the rows deleted. Only those days are recomputed, so the
   * hourly data-retention sweep does not rebuild a project's rollups each time.
   */
  private async deleteRows(projectId: string, condition: string, values: number[] = []): Promise<number> {
    const table = projectTable(projectId);
    const seq = this.dirtySeq + 1;
    await this.writer.run('BEGIN TRANSACTION');
    try {
      await this.writer.run(`INSERT INTO rollup_dirty SELECT DISTINCT '${projectId}', ${seq}, ts::DATE FROM ${table} WHERE ${condition}`, values);
      const deleted = (await this.writer.run(`DELETE FROM ${table} WHERE ${condition}`, values)).rowsChanged;
      await this.writer.run('COMMIT');
      this.dirtySeq = seq;
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
    if (this.file !== ':memory:') {
      const disk = await fs.promises.statfs(path.dirname(this.file));
      if (disk.bavail * disk.bsize < minFreeBytes) throw new StorageFullError();
    }
    if (this.storageFull) await this.serialised(() => this.probeWrite());
  }

  /** After a full disk: one small committed write (it reaches the WAL) says whether there is room again. */
  private async probeWrite() {
    try {
      await this.writer.run('CREATE TABLE IF NOT EXISTS write_probe (written_at DOUBLE)');
      await this.writer.run(`BEGIN TRANSACTION; INSERT INTO write_probe VALUES (${Date.now()}); DELETE FROM write_probe; COMMIT`);
      this.storageFull = undefined;
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw new StorageFullError({ cause: error });
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

/** The events as data chunks in the staging table's column order, at most CHUNK_ROWS rows each. */
function toDataChunks(events: readonly NewEvent[]): DuckDBDataChunk[] {
  const chunks: DuckDBDataChunk[] = [];
  for (let start = 0; start < events.length; start += CHUNK_ROWS) {
    const part = events.slice(start, start + CHUNK_ROWS);
    const chunk = DuckDBDataChunk.create(stagingTypes, part.length);
    const columns = stagingColumns.map((column) => part.map((event) => column.value(event)));
    chunk.setColumns(columns);
    chunks.push(chunk);
  }
  return chunks;
}
