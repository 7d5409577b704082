import type { DuckDBDataChunk } from '@duckdb/node-api';
import type { NewEvent } from './event-store';
import { CHUNK_ROWS, toDataChunks } from './duckdb-staging';

/** One caller's events (one request), answered when their commit settles. */
export interface QueuedWrite {
  events: readonly NewEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Writes of one project whose rows travel to DuckDB together as column vectors (data chunks). */
export interface Parcel {
  projectId: string;
  chunks: DuckDBDataChunk[];
  writes: QueuedWrite[];
  count: number;
}

/** A batch at least this big gets its own vectors as it arrives; smaller ones share one (ADR 023). */
export const OWN_CHUNK_EVENTS = 256;

/**
 * The writer's queue (ADR 008, ADR 023). Building a data chunk costs about fifteen native calls
 * whatever its size, so a 1-event request's chunk cost more than its event: small writes wait
 * unbuilt and are packed into one chunk per project when the writer takes them (or when their
 * chunk is full). Big batches are built on arrival, while the previous commit runs. Arrival order
 * within a project is kept, so the first received of a repeated insert_id still wins.
 */
export class WriteQueue {
  private parcels: Parcel[] = [];
  private readonly small = new Map<string, { writes: QueuedWrite[]; count: number }>();
  /** Events queued and not yet settled; the writer subtracts them once their commit settles. */
  events = 0;

  get empty(): boolean {
    return this.parcels.length === 0 && this.small.size === 0;
  }

  add(projectId: string, write: QueuedWrite) {
    this.events += write.events.length;
    const waiting = this.small.get(projectId);
    if (write.events.length >= OWN_CHUNK_EVENTS || (waiting && waiting.count + write.events.length > CHUNK_ROWS)) this.pack(projectId);
    if (write.events.length >= OWN_CHUNK_EVENTS) {
      this.parcels.push({ projectId, chunks: toDataChunks(write.events), writes: [write], count: write.events.length });
      return;
    }
    const pending = this.small.get(projectId);
    if (pending) {
      pending.writes.push(write);
      pending.count += write.events.length;
    } else this.small.set(projectId, { writes: [write], count: write.events.length });
  }

  /** The parcels of the next commit, by project: at most `maxEvents` events unless one parcel alone is bigger. */
  take(maxEvents: number): Map<string, Parcel[]> {
    for (const projectId of [...this.small.keys()]) this.pack(projectId);
    let count = 0;
    let taken = 0;
    for (const parcel of this.parcels) {
      if (taken > 0 && count + parcel.count > maxEvents) break;
      count += parcel.count;
      taken += 1;
    }
    const byProject = new Map<string, Parcel[]>();
    for (const parcel of this.parcels.splice(0, taken)) {
      const parcels = byProject.get(parcel.projectId);
      if (parcels) parcels.push(parcel);
      else byProject.set(parcel.projectId, [parcel]);
    }
    return byProject;
  }

  private pack(projectId: string) {
    const waiting = this.small.get(projectId);
    if (!waiting) return;
    this.small.delete(projectId);
    const [first] = waiting.writes;
    const events = waiting.writes.length === 1 && first ? first.events : waiting.writes.flatMap((write) => write.events);
    this.parcels.push({ projectId, chunks: toDataChunks(events), writes: waiting.writes, count: waiting.count });
  }
}

/** One write in a parcel of its own (a group that failed is retried write by write). */
export function parcelOf(projectId: string, write: QueuedWrite): Parcel {
  return { projectId, chunks: toDataChunks(write.events), writes: [write], count: write.events.length };
}
