import type { DuckDBConnection } from '@duckdb/node-api';
import { eventColumnsSql, projectTable } from './event-table';

/**
 * The store's one writing connection (ADR 008), shared by the writer and the deletes: they take it
 * one at a time, and number the rollups' day marks (ADR 010) from one sequence.
 */
export class WriterLane {
  /** Deletes and table creation wait for the write in progress; writes wait for them. */
  private exclusive: Promise<unknown> = Promise.resolve();
  /** Per project, how many changes to its events were made: the analytics answer cache's key. */
  private readonly versions = new Map<string, number>();
  /** Per project, the version after its last change that every later read must see (a delete). */
  private readonly exactVersions = new Map<string, number>();

  constructor(
    readonly writer: DuckDBConnection,
    /** The projects' tables that exist: a reader finds nothing for a project without one. */
    readonly tables: Set<string>,
    /** The last rollup_dirty number given out: each commit's marks carry their own (for diagnosis). */
    public dirtySeq: number,
  ) {}

  /** A number that differs after every change to the project's events (in this process). */
  version(projectId: string): number {
    return this.versions.get(projectId) ?? 0;
  }

  /** The version after the project's last change that no read may miss, even under a stream of commits (ADR 016). */
  exactVersion(projectId: string): number {
    return this.exactVersions.get(projectId) ?? 0;
  }

  /**
   * Called once a change to the project's events has committed (or failed: a spare bump only costs
   * a cache miss), before its caller is answered, so the next read computes afresh. `exact`: a
   * change every later read must see even while events stream in (a delete).
   */
  changed(projectId: string, exact = false) {
    const version = this.version(projectId) + 1;
    this.versions.set(projectId, version);
    if (exact) this.exactVersions.set(projectId, version);
  }

  serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.exclusive.then(work, work);
    this.exclusive = result.catch(() => undefined);
    return result;
  }

  /** Settles once the change in progress, if any, is done. */
  idle(): Promise<unknown> {
    return this.exclusive;
  }

  /** For readers: creates the project's (empty) table if it has none yet. */
  ensureTableSerialised(projectId: string): Promise<void> {
    if (this.tables.has(projectTable(projectId))) return Promise.resolve();
    return this.serialised(() => this.ensureTable(projectId));
  }

  async ensureTable(projectId: string) {
    const table = projectTable(projectId);
    if (this.tables.has(table)) return;
    await this.writer.run(`CREATE TABLE IF NOT EXISTS ${table} (${eventColumnsSql})`);
    this.tables.add(table);
  }
}
