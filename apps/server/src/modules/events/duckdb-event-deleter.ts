import type { DuckDBConnection } from '@duckdb/node-api';
import { eventColumnsSql, projectTable } from './event-table';
import { allDaysDirtySql, dropRollupsSql } from './duckdb-rollups';
import type { WriterLane } from './duckdb-writer-lane';

/** Deleting: each delete takes the writer's connection when no write is in progress. */
export class EventDeleter {
  private readonly writer: DuckDBConnection;

  constructor(private readonly lane: WriterLane) {
    this.writer = lane.writer;
  }

  /** A change to the project's events, after the write in progress; its analytics answers are stale once it ends, under load too. */
  private changing<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.lane.serialised(() => work().finally(() => this.lane.changed(projectId, true)));
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
    return this.changing(projectId, async () => {
      if (!this.lane.tables.has(table)) return 0;
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

  /** After the table was rebuilt (in its transaction): every rollup of the project is rebuilt at the next query. */
  private async markAllDirty(projectId: string) {
    await this.writer.run(allDaysDirtySql(projectId, this.lane.dirtySeq + 1));
    this.lane.dirtySeq += 1;
  }

  deleteBefore(projectId: string, cutoff: Date): Promise<number> {
    const table = projectTable(projectId);
    return this.changing(projectId, async () => {
      if (!this.lane.tables.has(table)) return 0;
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
    const seq = this.lane.dirtySeq + 1;
    await this.writer.run('BEGIN TRANSACTION');
    try {
      await this.writer.run(`INSERT INTO rollup_dirty SELECT DISTINCT '${projectId}', ${seq}, ts::DATE FROM ${table} WHERE ${condition}`, values);
      const deleted = (await this.writer.run(`DELETE FROM ${table} WHERE ${condition}`, values)).rowsChanged;
      await this.writer.run('COMMIT');
      this.lane.dirtySeq = seq;
      return deleted;
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  deleteProject(projectId: string): Promise<void> {
    const table = projectTable(projectId);
    return this.changing(projectId, async () => {
      this.lane.tables.delete(table);
      await this.writer.run(`DROP TABLE IF EXISTS ${table}`);
      for (const sql of dropRollupsSql(projectId)) await this.writer.run(sql);
    });
  }
}
