import { BOOLEAN, DOUBLE, DuckDBDataChunk, DuckDBTimestampValue, TIMESTAMP, VARCHAR, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { NewEvent } from './event-store';
import { projectTable } from './event-table';

interface StagingColumn {
  /** The event table's column it fills. */
  name: string;
  /** Its type in the event table, the staging table and the data chunks. */
  type: DuckDBType;
  /** The staging column's SQL type. */
  sql: string;
  value: (event: NewEvent) => DuckDBValue;
}

const textColumn = (name: string, value: (event: NewEvent) => string | null | undefined): StagingColumn => ({
  name,
  type: VARCHAR,
  sql: 'VARCHAR',
  value: (event) => value(event) ?? null,
});
const timeColumn = (name: string, value: (event: NewEvent) => number): StagingColumn => ({
  name,
  type: TIMESTAMP,
  sql: 'TIMESTAMP',
  // Whole milliseconds, as `epoch_ms` reads them; checked by `checkStorable` before anything is queued.
  value: (event) => new DuckDBTimestampValue(BigInt(Math.round(value(event))) * 1000n),
});
/** An event's time in epoch milliseconds. */
export const eventTimeMs = (event: NewEvent): number => event.timeMs ?? Date.parse(event.timestamp);

/** Every column of the event table (`eventColumnsSql`), as the writer stages it. */
const stagingColumns: readonly StagingColumn[] = [
  textColumn('insert_id', (event) => event.insert_id),
  textColumn('name', (event) => event.name),
  textColumn('user_id', (event) => event.user_id),
  textColumn('session_id', (event) => event.session_id),
  timeColumn('ts', eventTimeMs),
  timeColumn('received_at', (event) => event.receivedAt.getTime()),
  textColumn('platform', (event) => event.platform),
  textColumn('app_version', (event) => event.app_version),
  textColumn('build', (event) => event.build),
  textColumn('country', (event) => event.country),
  // The JSON column takes the text as it is: JSON.stringify only writes valid JSON.
  { name: 'properties', type: VARCHAR, sql: 'JSON', value: (event) => (event.properties === undefined ? null : JSON.stringify(event.properties)) },
  { name: 'revenue_amount', type: DOUBLE, sql: 'DOUBLE', value: (event) => event.revenue_amount ?? null },
  textColumn('currency', (event) => event.currency),
  textColumn('product_id', (event) => event.product_id),
  { name: 'demo', type: BOOLEAN, sql: 'BOOLEAN', value: (event) => event.demo },
];

/**
 * A commit's rows travel to DuckDB as column vectors (data chunks) in the event table's own column
 * order and types, so the writer's appender puts them straight into the project's table and DuckDB
 * parses no text (ADR 008, ADR 023). The scratch table below, seen only by the writer's connection,
 * serves the rare commit that meets an insert_id already stored: its rows are staged there and moved
 * with one INSERT OR IGNORE … SELECT.
 */
export const STAGING = 'write_staging';
export const stagingTableSql = `CREATE OR REPLACE TEMP TABLE ${STAGING} (${stagingColumns.map((column) => `${column.name} ${column.sql}`).join(', ')})`;
const stagingTypes = stagingColumns.map((column) => column.type);
const targetColumns = stagingColumns.map((column) => column.name).join(', ');
/** Rows in one data chunk at most (DuckDB's vector size). */
export const CHUNK_ROWS = 2048;
const dayMs = 86_400_000;
/** The widest time a JavaScript Date holds, well inside DuckDB's TIMESTAMP range. */
const maxTimeMs = 8.64e15;

/**
 * Refuses a write the store cannot hold before it is queued: a time outside what a Date holds
 * (the endpoint's validation never lets one through) would otherwise fail the packing of every
 * write queued with it.
 */
export function checkStorable(events: readonly NewEvent[]) {
  for (const event of events) {
    for (const time of [eventTimeMs(event), event.receivedAt.getTime()]) {
      if (!(Math.abs(time) <= maxTimeMs)) throw new RangeError(`event ${JSON.stringify(event.insert_id)}: a time the store cannot hold`);
    }
  }
}

/**
 * The days a commit's events fall on, for the rollups' marks (ADR 010), as one INSERT of their UTC
 * day numbers: DuckDB turns them into dates as it did the rows' times (`epoch_ms(…)::DATE`).
 */
export function markDirtyDaysSql(projectId: string, seq: number, events: Iterable<NewEvent>): string {
  projectTable(projectId); // a checked id only, it is placed in SQL text
  const days = new Set<number>();
  for (const event of events) days.add(Math.floor(Math.round(eventTimeMs(event)) / dayMs));
  const values = [...days].map((day) => `(${day})`).join(', ');
  return `INSERT INTO rollup_dirty SELECT '${projectId}', ${seq}, epoch_ms(day::BIGINT * ${dayMs})::DATE FROM (VALUES ${values}) AS days(day)`;
}

/**
 * The staged rows of a commit that met stored insert_ids into the project's table, skipping the
 * stored ones, and the days they touch into the rollups' marks, in one transaction that also empties
 * the staging table. The writer has already kept the first received of each id within the commit.
 */
export function moveStagedSkippingStoredSql(projectId: string, seq: number, events: Iterable<NewEvent>): string {
  const table = projectTable(projectId);
  return [
    'BEGIN TRANSACTION',
    `INSERT OR IGNORE INTO ${table} (${targetColumns}) SELECT ${targetColumns} FROM ${STAGING}`,
    markDirtyDaysSql(projectId, seq, events),
    // Emptied in the same transaction; after a failed one the writer empties it before its next use.
    `DELETE FROM ${STAGING}`,
    'COMMIT',
  ].join(';\n');
}

/**
 * The events as data chunks in the event table's column order, at most CHUNK_ROWS rows each, each
 * chunk in event-time order (stable: events of one time keep their arrival order), which keeps a
 * project's per-day scans cheap.
 */
export function toDataChunks(events: readonly NewEvent[]): DuckDBDataChunk[] {
  const chunks: DuckDBDataChunk[] = [];
  for (let start = 0; start < events.length; start += CHUNK_ROWS) {
    const timed = events.slice(start, start + CHUNK_ROWS).map((event, order) => ({ event, time: eventTimeMs(event), order }));
    const part = timed.sort((a, b) => a.time - b.time || a.order - b.order).map(({ event }) => event);
    const chunk = DuckDBDataChunk.create(stagingTypes, part.length);
    const columns = stagingColumns.map((column) => part.map((event) => column.value(event)));
    chunk.setColumns(columns);
    chunks.push(chunk);
  }
  return chunks;
}
