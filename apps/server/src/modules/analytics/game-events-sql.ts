// The game events' properties as SQL (issue 17, ADR 028; names and properties from
// docs/product/metrics.md#game-events), shared by the game-design rollups (ADR 031). Paths are
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
