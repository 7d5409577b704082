import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import { EventStoreBusyError, type NewEvent } from './event-store';
import { projectTable } from './event-table';
import { moveStagedSql, STAGING } from './duckdb-staging';
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
      await this.lane.serialised(() => this.commit(projectId, parcels.flatMap((parcel) => parcel.chunks))).finally(() => this.lane.changed(projectId));
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
   * plain insert only checks the insert_id index; only when an id is already stored (a retried
   * batch, which is rare) is the transaction redone skipping the stored ones.
   */
  private async commit(projectId: string, chunks: readonly DuckDBDataChunk[]) {
    await this.lane.ensureTable(projectId);
    if (this.stagingDirty) {
      await this.writer.run(`DELETE FROM ${STAGING}`);
      this.stagingDirty = false;
    }
    // Outside any transaction: the staging table is temporary, so this writes no log.
    const appender = await this.writer.createAppender(STAGING, 'main', 'temp');
    this.stagingDirty = true;
    try {
      for (const chunk of chunks) appender.appendDataChunk(chunk);
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
