import type { WriterLane } from './duckdb-writer-lane';

/**
 * Checkpoints out of the commits' way (ADR 023, "Checkpoints"). DuckDB folds its write-ahead log
 * into the database file inside the commit that takes the log past `checkpoint_threshold` (16 MB by
 * default), and the commit's players wait for it: the insert_id index is written whole each time,
 * so a checkpoint takes longer as a project's table grows (170 to 320 ms at half a million events),
 * and at full ingestion speed it came every few seconds. The store raises the threshold to
 * CHECKPOINT_THRESHOLD, a backstop under unbroken load, and checkpoints itself as soon as the writer
 * has been idle for IDLE_CHECKPOINT_MS with at least IDLE_CHECKPOINT_MIN_WAL_BYTES in the log.
 */
export const CHECKPOINT_THRESHOLD = '256MB';
export const IDLE_CHECKPOINT_MS = 1_000;
export const IDLE_CHECKPOINT_MIN_WAL_BYTES = 4 * 1024 * 1024;

export interface IdleCheckpointOptions {
  /** How long the writer must have been idle. */
  idleMs?: number;
  /** The least write-ahead log worth folding in. */
  minWalBytes?: number;
}

export class IdleCheckpoints {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly idleMs: number;
  private readonly minWalBytes: number;

  constructor(
    private readonly lane: WriterLane,
    /** The write-ahead log's size in bytes now. */
    private readonly walBytes: () => Promise<number>,
    /** Whether writes are queued or being committed. */
    private readonly writing: () => boolean,
    options: IdleCheckpointOptions = {},
  ) {
    this.idleMs = options.idleMs ?? IDLE_CHECKPOINT_MS;
    this.minWalBytes = options.minWalBytes ?? IDLE_CHECKPOINT_MIN_WAL_BYTES;
  }

  /** The writer has nothing queued: checkpoint if it stays so for `idleMs` (each call restarts the wait). */
  idle() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.checkpoint(), this.idleMs);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async checkpoint() {
    this.timer = undefined;
    if (this.stopped || this.writing() || (await this.walBytes()) < this.minWalBytes) return;
    await this.lane
      .serialised(async () => {
        // Writes that arrived meanwhile go first; the writer calls idle() again when it is done.
        if (this.stopped || this.writing()) return;
        await this.lane.writer.run('CHECKPOINT');
      })
      // A plain CHECKPOINT fails while another transaction runs (a long analytics read, say): the
      // next idle moment tries again, and the threshold stays the backstop.
      .catch(() => undefined);
  }
}
