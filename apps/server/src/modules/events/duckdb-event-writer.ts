import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import { EventStoreBusyError, type NewEvent } from './event-store';
import { projectTable } from './event-table';
import { moveStagedSql, STAGING, toDataChunks } from './duckdb-staging';
import type { WriterLane } from './duckdb-writer-lane';
import { outageOf, StorageFullError } from '../../lib/outage';

interface QueuedWrite {
  projectId: string;
  /** The events as column vectors, built when they arrived (off the writer's path). */
  chunks: DuckDBDataChunk[];
  count: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writing (ADR 008): writes are group-committed, every batch queued while a commit runs goes into
 * the next one, so many small requests cost one transaction (one WAL flush).
 */
export class EventWriter {
  private queue: QueuedWrite[] = [];
  private queuedEvents = 0;
  private draining: Promise<void> | undefined;
  /** The staging table may hold rows of a failed commit: emptied before the next one. */
  private stagingDirty = false;
  /** The disk was full at the last write: not ready until a write succeeds again (issue 21, ADR 012). */
  private storageFull: StorageFullError | undefined;
  private readonly writer: DuckDBConnection;

  constructor(
    private readonly lane: WriterLane,
    private readonly maxQueuedEvents: number,
    private readonly maxEventsPerCommit: number,
  ) {
    this.writer = lane.writer;
  }

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
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

  /** Settles once everything queued is written (or refused). */
  async drained() {
    while (this.draining) await this.draining;
  }

  private kick() {
    // The commit starts on the next turn of the event loop, not with the first write: requests
    // answered by the same turn (many players at once) share one transaction from the start.
    this.draining ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.drain()).finally(() => {
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
          await this.commitAndAnswer(projectId, writes);
        } finally {
          for (const write of writes) this.queuedEvents -= write.count;
        }
      }
    }
  }

  /** Commits the writes together and settles each; a write that breaks the group fails alone. */
  private async commitAndAnswer(projectId: string, writes: readonly QueuedWrite[]): Promise<void> {
    try {
      // The analytics answers of the project are stale from here, before anyone is answered.
      await this.lane.serialised(() => this.commit(projectId, writes)).finally(() => this.lane.changed(projectId));
      this.storageFull = undefined;
      for (const write of writes) write.resolve();
    } catch (error) {
      const failure = outageOf(error) === 'storage' ? new StorageFullError({ cause: error }) : error;
      if (failure instanceof StorageFullError) this.storageFull = failure;
      else if (writes.length > 1) {
        // Nothing of the group was stored: each write is tried on its own, so one bad request
        // cannot fail the other players' requests that shared its transaction.
        for (const write of writes) await this.commitAndAnswer(projectId, [write]);
        return;
      }
      for (const write of writes) write.reject(failure);
    }
  }

  /**
   * Every write of one project in one transaction (group commit): one WAL flush for them all. The
   * plain insert only checks the insert_id index; only when an id is already stored (a retried
   * batch, which is rare) is the transaction redone skipping the stored ones.
   */
  private async commit(projectId: string, writes: readonly QueuedWrite[]) {
    await this.lane.ensureTable(projectId);
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
    const seq = this.lane.dirtySeq + 1;
    await this.moveStaged(projectId, seq, false).catch(async (error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      await this.moveStaged(projectId, seq, true);
    });
    this.lane.dirtySeq = seq;
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

  /** For readiness: after a full disk, throws until a write fits again. */
  async checkRoom() {
    if (this.storageFull) await this.lane.serialised(() => this.probeWrite());
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
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof Error && /duplicate key|violates primary key|PRIMARY KEY or UNIQUE constraint/i.test(error.message);
}
