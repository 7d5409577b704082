import { LEVEL_EVENTS } from '@questboard/shared/analytics-levels';
import type { Params } from './duckdb-sql';

// The game events' properties as SQL (issue 17, ADR 028; names and properties from
// docs/product/metrics.md#game-events), shared by the level and economy queries. Paths are
// constants of this file, never request text.

const NUMBER_TYPES = `('BIGINT', 'UBIGINT', 'DOUBLE', 'HUGEINT')`;

/** A property's number, or NULL when it is missing or not a JSON number. */
export function numberPropertySql(key: string, column = 'properties'): string {
  return `CASE WHEN json_type(${column}, '$.${key}') IN ${NUMBER_TYPES} THEN json_extract(${column}, '$.${key}')::DOUBLE END`;
}

/** A property's text: a string as sent, a number as its JSON text; NULL for anything else or ''. */
export function textPropertySql(key: string, column = 'properties'): string {
  return `CASE WHEN json_type(${column}, '$.${key}') IN ('VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE', 'HUGEINT')
    THEN nullif(json_extract_string(${column}, '$.${key}'), '') END`;
}

/** A string property, NULL for any other type or ''. */
export function stringPropertySql(key: string, column = 'properties'): string {
  return `CASE WHEN json_type(${column}, '$.${key}') = 'VARCHAR' THEN nullif(json_extract_string(${column}, '$.${key}'), '') END`;
}

/** `name IN (level_start, level_complete, level_fail)`, as parameters. */
export function levelEventsSql(params: Params, column = 'name'): string {
  return `${column} IN (${params.add(LEVEL_EVENTS.start)}, ${params.add(LEVEL_EVENTS.complete)}, ${params.add(LEVEL_EVENTS.fail)})`;
}

/** Event order (ADR 010): time, then received time, then insert_id; the last is the latest. */
export const eventOrderSql = 'ts, received_at, insert_id';
