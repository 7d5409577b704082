import { BOOLEAN, DOUBLE, DuckDBDataChunk, VARCHAR, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { NewEvent } from './event-store';
import { projectTable } from './event-table';

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
export const STAGING = 'write_staging';
export const stagingTableSql = `CREATE OR REPLACE TEMP TABLE ${STAGING} (${stagingColumns.map((column) => `${column.name} ${column.sql}`).join(', ')})`;
const stagingTypes = stagingColumns.map((column) => column.type);
const targetColumns = stagingColumns.map((column) => column.name).join(', ');
const stagedRows = `SELECT ${stagingColumns.map((column) => column.select).join(', ')} FROM ${STAGING}`;
/** Rows in one data chunk at most (DuckDB's vector size). */
export const CHUNK_ROWS = 2048;

/**
 * One project's staged rows into its table and the days they touch into the rollups' marks, in one
 * transaction that also empties the staging table: a single round trip to DuckDB's threads. A retried
 * batch (an insert_id the table holds, or one sent twice) takes the slower path, where the first
 * one received wins, like against stored events.
 */
export function moveStagedSql(projectId: string, seq: number, retry: boolean): string {
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

/** The events as data chunks in the staging table's column order, at most CHUNK_ROWS rows each. */
export function toDataChunks(events: readonly NewEvent[]): DuckDBDataChunk[] {
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
