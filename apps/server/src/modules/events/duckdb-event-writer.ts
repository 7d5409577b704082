import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { EventStoreBusyError, type NewEvent } from './event-store';
import { projectTable } from './event-table';
import { checkStorable, markDirtyDaysSql, moveStagedSkippingStoredSql, STAGING, toDataChunks } from './duckdb-staging';
import { parcelOf, WriteQueue, type Parcel } from './duckdb-write-queue';
import type { WriterLane } from './duckdb-writer-lane';
import { outageOf, StorageFullError } from '../../lib/outage';

/** The longest a commit waits for the players the last one answered (a loopback round trip is well under it). */
const GATHER_MS = 5;

/**
 * Writing (ADR 008): writes are group-committed, every batch queued while a commit runs goes into
 * the next one, so many small requests cost one transaction (one WAL flush) and, packed by the
 * queue, one set of column vectors (ADR 023).
 */
export class EventWriter {
  private readonly queue = new WriteQueue();
  private draining: Promise<void> | undefined;
  /** The staging table may hold rows of a failed commit: emptied before the next one. */
  private stagingDirty = false;
  /** The disk was full at the last write: not ready until a write succeeds again (issue 21, ADR 012). */
  private storageFull: StorageFullError | undefined;
  private readonly writer: DuckDBConnection;
  /** Writes queued and not yet taken, and how many the last commit answered (see `gather`). */
  private queuedWrites = 0;
  private lastGroup = 0;
  private gathered: (() => void) | undefined;

  constructor(
    private readonly lane: WriterLane,
    private readonly maxQueuedEvents: number,
    private readonly maxEventsPerCommit: number,
    /** Told each time the queue has emptied (duckdb-checkpoints.ts). */
    private readonly onIdle: () => void = () => undefined,
  ) {
    this.writer = lane.writer;
  }

  /** Writes are queued or being committed. */
  get busy(): boolean {
    return this.draining !== undefined || !this.queue.empty;
  }

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    if (this.queue.events + events.length > this.maxQueuedEvents) {
      return Promise.reject(new EventStoreBusyError(1));
    }
    return new Promise<void>((resolve, reject) => {
      projectTable(projectId); // refuses anything but a project id before it is queued
      checkStorable(events);
      this.queue.add(projectId, { events, resolve, reject });
      this.queuedWrites += 1;
      if (this.queuedWrites >= this.lastGroup) this.gathered?.();
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
      this.lastGroup = 0;
      // Writes queued between the loop's last look and now.
      if (!this.queue.empty) this.kick();
      else this.onIdle();
    });
  }

  private async drain() {
    while (!this.queue.empty) {
      await this.gather();
      const groups = this.queue.take(this.maxEventsPerCommit);
      this.lastGroup = 0;
      for (const parcels of groups.values()) for (const parcel of parcels) this.lastGroup += parcel.writes.length;
      this.queuedWrites -= this.lastGroup;
      // A transaction per project: its writes are answered as soon as it commits.
      for (const [projectId, parcels] of groups) {
        try {
          await this.commitAndAnswer(projectId, parcels);
        } finally {
          for (const parcel of parcels) this.queue.events -= parcel.count;
        }
      }
    }
  }

  /**
   * Under load, the players answered by one commit send their next requests while the next commit
   * runs, and the two halves alternate: two commits (two WAL flushes) per round of players. Waiting
   * up to GATHER_MS for as many writes as the last commit answered lets them share one (ADR 023).
   * After an idle writer there is no wait: the last group is forgotten when the queue empties.
   */
  private gather(): Promise<void> {
    if (this.queuedWrites >= this.lastGroup) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.gathered?.(), GATHER_MS);
      this.gathered = () => {
        clearTimeout(timer);
        this.gathered = undefined;
        // The rest of this turn's writes come too.
        setImmediate(resolve);
      };
    });
  }

  /** Commits the parcels together and settles each write; a write that breaks the group fails alone. */
  private async commitAndAnswer(projectId: string, parcels: readonly Parcel[]): Promise<void> {
    const writes = parcels.flatMap((parcel) => parcel.writes);
    try {
      // The analytics answers of the project are stale from here, before anyone is answered.
      await this.lane.serialised(() => this.commit(projectId, parcels)).finally(() => this.lane.changed(projectId));
      this.storageFull = undefined;
      for (const write of writes) write.resolve();
    } catch (error) {
      const failure = outageOf(error) === 'storage' ? new StorageFullError({ cause: error }) : error;
      if (failure instanceof StorageFullError) this.storageFull = failure;
      else if (writes.length > 1) {
        // Nothing of the group was stored: each write is tried on its own, so one bad request
        // cannot fail the other players' requests that shared its transaction.
        for (const write of writes) await this.commitAndAnswer(projectId, [parcelOf(projectId, write)]);
        return;
      }
      for (const write of writes) write.reject(failure);
    }
  }

  /**
   * Every write of one project in one transaction (group commit): one WAL flush for them all. The
   * appender puts the column vectors straight into the project's table, where the insert_id index
   * checks them; only when an id is already stored or comes twice (a retried batch, which is rare)
   * is the transaction redone through the staging table, skipping those (`commitSkippingStored`).
   */
  private async commit(projectId: string, parcels: readonly Parcel[]) {
    await this.lane.ensureTable(projectId);
    const seq = this.lane.dirtySeq + 1;
    const events = parcels.flatMap((parcel) => parcel.writes.flatMap((write) => write.events));
    try {
      await this.writer.run('BEGIN TRANSACTION');
      const appender = await this.writer.createAppender(projectTable(projectId));
      try {
        for (const parcel of parcels) for (const chunk of parcel.chunks) appender.appendDataChunk(chunk);
        appender.flushSync();
      } finally {
        closeQuietly(appender);
      }
      await this.writer.run(`${markDirtyDaysSql(projectId, seq, events)};\nCOMMIT`);
    } catch (error) {
      // Nothing of the transaction stays.
      await this.writer.run('ROLLBACK').catch(() => undefined);
      if (!isDuplicateKey(error)) throw error;
      await this.commitSkippingStored(projectId, seq, parcels);
    }
    this.lane.dirtySeq = seq;
  }

  /** The slow path of a commit that met an insert_id already stored or sent twice: the first received wins. */
  private async commitSkippingStored(projectId: string, seq: number, parcels: readonly Parcel[]) {
    const seen = new Set<string>();
    const firsts = parcels.flatMap((parcel) =>
      parcel.writes.flatMap((write) => write.events.filter((event) => !seen.has(event.insert_id) && seen.add(event.insert_id))),
    );
    if (this.stagingDirty) {
      await this.writer.run(`DELETE FROM ${STAGING}`);
      this.stagingDirty = false;
    }
    // Outside any transaction: the staging table is temporary, so this writes no log.
    const appender = await this.writer.createAppender(STAGING, 'main', 'temp');
    this.stagingDirty = true;
    try {
      for (const chunk of toDataChunks(firsts)) appender.appendDataChunk(chunk);
      appender.flushSync();
    } finally {
      closeQuietly(appender);
    }
    try {
      await this.writer.run(moveStagedSkippingStoredSql(projectId, seq, firsts));
    } catch (error) {
      // A statement failed inside the transaction: undo it; the staged rows are emptied before the next use.
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
    this.stagingDirty = false;
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

/**
 * Closes an appender whatever happened to its flush. One whose flush failed still holds the rows it
 * could not store and would flush them again when it is closed or garbage-collected, in whatever
 * transaction the connection is in by then: they are cleared first. Its close may then fail as its
 * flush did, and the flush's error is the one that matters.
 */
export function closeQuietly(appender: DuckDBAppender) {
  try {
    appender.clear();
    appender.closeSync();
  } catch {
    // reported by the flush
  }
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof Error && /duplicate key|violates primary key|PRIMARY KEY or UNIQUE constraint/i.test(error.message);
}
