import type { EventPropertyValue } from '@questboard/shared/events';
import type { NewEvent } from '../event-store';
import type { Row } from './clickhouse-http';

// The ClickHouse events table (ADR 033), in SQL that ClickHouse 18.16 and current releases both run.

/** The columns, in the order rows are written. */
export const eventColumnsSql = [
  'project_id String',
  // The UTC day of `ts`, computed by the writer (no server time zone is involved).
  'day Date',
  'user_id String',
  'insert_id String',
  // ReplacingMergeTree keeps the row with the greatest `keep`: 2^53 minus the order of receipt, so
  // the first received of an insert_id stays (ADR 008's rule).
  'keep UInt64',
  'name String',
  'session_id Nullable(String)',
  // Epoch milliseconds: 18.16 has no DateTime64 and DateTime counts seconds.
  'ts_ms Int64',
  'received_ms Int64',
  'platform Nullable(String)',
  'app_version Nullable(String)',
  'build Nullable(String)',
  'country Nullable(String)',
  // The properties as the game sent them (JSON text), for the event list…
  'properties String',
  // …and as parallel arrays for the figures: 18.16 has no Map and no JSONExtract*, and
  // visitParamExtract* matches a key's text anywhere in the object. A key's kind tells a number from
  // the text "5"; its number is in property_numbers, its text (JSON text for booleans) in property_texts.
  'property_keys Array(String)',
  "property_kinds Array(Enum8('string' = 1, 'number' = 2, 'boolean' = 3, 'null' = 4))",
  'property_texts Array(String)',
  'property_numbers Array(Float64)',
  'revenue_amount Nullable(Float64)',
  'currency Nullable(String)',
  'product_id Nullable(String)',
  'demo UInt8',
].join(',\n  ');

/** What the engine needs: dedupe key, month partitions, and the sort order (project, day, user). */
export const eventEngineSql = 'ReplacingMergeTree(keep) PARTITION BY toYYYYMM(day) ORDER BY (project_id, day, user_id, insert_id)';

export function createEventsTableSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (\n  ${eventColumnsSql}\n) ENGINE = ${eventEngineSql}`;
}

/** A Distributed table over `cluster`'s copies of `local`, rows placed by project and player. */
export function createDistributedTableSql(table: string, cluster: string, database: string, local: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (\n  ${eventColumnsSql}\n) ENGINE = Distributed(${cluster}, ${database}, ${local}, cityHash64(project_id, user_id))`;
}

/**
 * The project's events, one row per insert_id before any merge has run: FINAL merges the parts at
 * read time, keeping of each sorting key (project, day, user, insert_id) the row with the greatest
 * `keep`, the first received. Grouping by the key with `argMax` answers the same and was about ten
 * times slower (it carries every column; ADR 033). `where` may only name columns of the key (day,
 * user): on others it would choose between copies before the merge.
 */
export function dedupedEventsSql(table: string, projectLiteral: string, where = '1'): string {
  return `(SELECT * FROM ${table} FINAL WHERE project_id = ${projectLiteral} AND (${where}))`;
}

const MAX_ORDER = 2 ** 53;

function propertyColumns(properties: Record<string, EventPropertyValue> | undefined) {
  const keys: string[] = [];
  const kinds: string[] = [];
  const texts: string[] = [];
  const numbers: number[] = [];
  for (const key in properties) {
    const value = properties[key];
    keys.push(key);
    if (typeof value === 'string') {
      kinds.push('string');
      texts.push(value);
      numbers.push(0);
    } else if (typeof value === 'number') {
      kinds.push('number');
      texts.push(JSON.stringify(value));
      numbers.push(value);
    } else if (typeof value === 'boolean') {
      kinds.push('boolean');
      texts.push(value ? 'true' : 'false');
      numbers.push(0);
    } else {
      kinds.push('null');
      texts.push('');
      numbers.push(0);
    }
  }
  return { keys, kinds, texts, numbers };
}

/** An event as a row of the table; `order` is its place in the order of receipt (greater is later). */
export function eventRow(projectId: string, event: NewEvent, order: number): Row {
  const tsMs = event.timeMs ?? Date.parse(event.timestamp);
  const properties = propertyColumns(event.properties);
  return {
    project_id: projectId,
    day: new Date(tsMs).toISOString().slice(0, 10),
    user_id: event.user_id,
    insert_id: event.insert_id,
    keep: MAX_ORDER - order,
    name: event.name,
    session_id: event.session_id ?? null,
    ts_ms: tsMs,
    received_ms: event.receivedAt.getTime(),
    platform: event.platform ?? null,
    app_version: event.app_version ?? null,
    build: event.build ?? null,
    country: event.country ?? null,
    properties: JSON.stringify(event.properties ?? {}),
    property_keys: properties.keys,
    property_kinds: properties.kinds,
    property_texts: properties.texts,
    property_numbers: properties.numbers,
    revenue_amount: event.revenue_amount ?? null,
    currency: event.currency ?? null,
    product_id: event.product_id ?? null,
    demo: event.demo ? 1 : 0,
  };
}

