import type { StoredEvent } from '@questboard/shared/events';

/** The columns of a project's event table, in the order the writer appends them. */
export const eventColumnsSql = [
  'insert_id VARCHAR NOT NULL PRIMARY KEY',
  'name VARCHAR NOT NULL',
  'user_id VARCHAR NOT NULL',
  'session_id VARCHAR',
  // UTC, without a zone: every metric counts UTC calendar days (docs/product/metrics.md).
  'ts TIMESTAMP NOT NULL',
  'received_at TIMESTAMP NOT NULL',
  'platform VARCHAR',
  'app_version VARCHAR',
  'build VARCHAR',
  'country VARCHAR',
  'properties JSON',
  'revenue_amount DOUBLE',
  'currency VARCHAR',
  'product_id VARCHAR',
  'demo BOOLEAN NOT NULL',
].join(', ');

const projectId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One table per project: a project's queries read only its own rows, deleting a project drops a
 * table, and each table's insert_id index stays the size of one game. The name is built from a
 * checked UUID only, so it can be placed in SQL text.
 */
export function projectTable(id: string): string {
  if (!projectId.test(id)) throw new Error(`not a project id: ${JSON.stringify(id)}`);
  return `events_${id.replaceAll('-', '')}`;
}

type Row = Record<string, unknown>;

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * A row selected with `*, epoch_ms(ts) AS ts_ms, epoch_ms(received_at) AS received_ms` (DuckDB), or
 * ClickHouse's row with the same names, whose `demo` is a UInt8 (ADR 033).
 */
export function toStoredEvent(row: Row): StoredEvent {
  return {
    insert_id: String(row.insert_id),
    name: String(row.name),
    user_id: String(row.user_id),
    session_id: textOrNull(row.session_id),
    timestamp: new Date(Number(row.ts_ms)).toISOString(),
    received_at: new Date(Number(row.received_ms)).toISOString(),
    platform: textOrNull(row.platform),
    app_version: textOrNull(row.app_version),
    build: textOrNull(row.build),
    country: textOrNull(row.country),
    properties: typeof row.properties === 'string' ? (JSON.parse(row.properties) as StoredEvent['properties']) : {},
    revenue_amount: typeof row.revenue_amount === 'number' ? row.revenue_amount : null,
    currency: textOrNull(row.currency),
    product_id: textOrNull(row.product_id),
    demo: row.demo === true || row.demo === 1,
  };
}
