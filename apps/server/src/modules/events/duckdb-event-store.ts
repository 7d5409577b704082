import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { EventSummary } from '@questboard/shared/developer';
import type { StoredEvent } from '@questboard/shared/events';
import type { EventStore, NewEvent, ProjectUsage, UsageWindow } from './event-store';
import type { ProjectMetrics } from '../analytics/project-metrics';
import { CachedMetrics } from '../analytics/cached-metrics';
import { QueryGate, type GateLimits } from '../analytics/analytics-gate';
import { DuckDbMetrics } from './duckdb-metrics';
import { rollupBookkeepingSql } from './duckdb-rollups';
import { stagingTableSql } from './duckdb-staging';
import { WriterLane } from './duckdb-writer-lane';
import { EventWriter } from './duckdb-event-writer';
import { EventDeleter } from './duckdb-event-deleter';
import { EventReader } from './duckdb-event-reader';
import { StorageFullError } from '../../lib/outage';
import { CHECKPOINT_THRESHOLD, IdleCheckpoints, type IdleCheckpointOptions } from './duckdb-checkpoints';

export interface DuckDbEventStoreOptions {
  /** The database file; ':memory:' for a store that lives only as long as the process. */
  file: string;
  /** Events queued for writing at most; beyond it `append` refuses (back-pressure). */
  maxQueuedEvents?: number;
  /** Events written in one transaction at most (group commit). */
  maxEventsPerCommit?: number;
  threads?: number;
  /** Analytics computations at once and waiting (issue 20); defaults in analytics-gate.ts. */
  analyticsLimits?: GateLimits;
  /** Analytics answers kept until the project's events change; 0 keeps none (the bench measures queries). */
  maxCachedAnswers?: number;
  /** When the store folds its write-ahead log into the file; defaults in duckdb-checkpoints.ts. */
  idleCheckpoints?: IdleCheckpointOptions;
}

/** Less free space than this under the store, and it is not ready: the next batch would not fit. */
const minFreeBytes = 1024 * 1024;

/**
 * The embedded event store (docs/product/metrics.md#where-events-live, ADR 008): one DuckDB file under DATA_DIR, one
 * table per project keyed by insert_id. Writing (group commit), deleting and reading live in a file
 * each (duckdb-event-writer.ts, duckdb-event-deleter.ts, duckdb-event-reader.ts); this joins them.
 */
export async function openDuckDbEventStore(options: DuckDbEventStoreOptions): Promise<EventStore> {
  if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
  const instance = await DuckDBInstance.create(options.file, { threads: String(options.threads ?? 2), checkpoint_threshold: CHECKPOINT_THRESHOLD });
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
    new WriterLane(writer, tables, lastSeq),
    options.maxQueuedEvents ?? 200_000,
    options.maxEventsPerCommit ?? 50_000,
    options,
  );
}

class DuckDbEventStore implements EventStore {
  readonly kind = 'duckdb';
  private closed = false;
  private readonly writing: EventWriter;
  private readonly deleting: EventDeleter;
  private readonly reading: EventReader;
  private readonly figures: DuckDbMetrics;
  private readonly checkpoints: IdleCheckpoints;
  readonly metrics: ProjectMetrics;

  constructor(
    private readonly file: string,
    private readonly instance: DuckDBInstance,
    private readonly lane: WriterLane,
    maxQueuedEvents: number,
    maxEventsPerCommit: number,
    options: DuckDbEventStoreOptions,
  ) {
    this.checkpoints = new IdleCheckpoints(
      lane,
      () => (file === ':memory:' ? Promise.resolve(0) : fs.promises.stat(`${file}.wal`).then((stat) => stat.size, () => 0)),
      () => this.writing.busy,
      options.idleCheckpoints,
    );
    this.writing = new EventWriter(lane, maxQueuedEvents, maxEventsPerCommit, () => this.checkpoints.idle());
    this.deleting = new EventDeleter(lane);
    this.reading = new EventReader(instance, lane.tables);
    this.figures = new DuckDbMetrics(
      instance,
      (projectId) => lane.ensureTableSerialised(projectId),
      (projectId) => lane.version(projectId),
      (projectId) => lane.exactVersion(projectId),
    );
    this.metrics = new CachedMetrics(this.figures, {
      version: (projectId) => this.figures.acceptable(projectId),
      seenAt: (answer) => this.figures.seenAt(answer),
      gate: new QueryGate(options.analyticsLimits),
      maxAnswers: options.maxCachedAnswers,
    });
  }

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return this.writing.append(projectId, events);
  }

  latest(projectId: string, limit: number): Promise<StoredEvent[]> {
    return this.reading.latest(projectId, limit);
  }

  summary(projectId: string): Promise<EventSummary> {
    return this.reading.summary(projectId);
  }

  exposedPlayers(projectId: string, experimentKeys: readonly string[]): Promise<Map<string, number>> {
    return this.reading.exposedPlayers(projectId, experimentKeys);
  }

  usage(projectId: string, window: UsageWindow): Promise<ProjectUsage> {
    return this.reading.usage(projectId, window);
  }

  deleteDemo(projectId: string): Promise<number> {
    return this.deleting.deleteDemo(projectId);
  }

  deleteAll(projectId: string): Promise<number> {
    return this.deleting.deleteAll(projectId);
  }

  deleteBefore(projectId: string, cutoff: Date): Promise<number> {
    return this.deleting.deleteBefore(projectId, cutoff);
  }

  deleteProject(projectId: string): Promise<void> {
    return this.deleting.deleteProject(projectId);
  }

  async sizeBytes(): Promise<number> {
    if (this.file === ':memory:') return 0;
    let total = 0;
    for (const file of [this.file, `${this.file}.wal`]) {
      total += await fs.promises.stat(file).then((stat) => stat.size, () => 0);
    }
    return total;
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
    await this.writing.checkRoom();
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.checkpoints.stop();
    await this.writing.drained();
    await this.lane.idle();
    this.figures.close();
    // A clean shutdown folds the write-ahead log into the file, so the next start replays nothing.
    await this.lane.writer.run('CHECKPOINT').catch(() => undefined);
    this.lane.writer.closeSync();
    this.instance.closeSync();
  }
}
