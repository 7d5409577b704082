import { literal } from '../events/clickhouse/clickhouse-http';

// The game events' properties and the medians of the game analyses in ClickHouse SQL (ADR 033,
// "Amendment: the game analyses"), read from the typed property arrays (clickhouse-schema.ts) with
// the same meaning as game-events-sql.ts gives them in DuckDB. Keys are constants of the callers or
// go through `literal`.

const at = (key: string) => `indexOf(property_keys, ${literal(key)})`;

/** A property's text as the funnels compare it (DuckDB's json_extract_string): a string as sent, a number as its JSON text, a boolean as true or false; NULL when missing or null. */
export function anyTextPropertySql(key: string): string {
  return `if(${at(key)} > 0 AND property_kinds[${at(key)}] != 'null', property_texts[${at(key)}], NULL)`;
}

/** A property's number, or NULL when it is missing or not a JSON number (the text "5" is not). */
export function numberPropertySql(key: string): string {
  return `if(${at(key)} > 0 AND property_kinds[${at(key)}] = 'number', property_numbers[${at(key)}], NULL)`;
}

/** A property's text: a string as sent, a number as its JSON text; NULL for anything else or ''. */
export function textPropertySql(key: string): string {
  return `if(${at(key)} > 0 AND property_kinds[${at(key)}] IN ('string', 'number') AND property_texts[${at(key)}] != '', property_texts[${at(key)}], NULL)`;
}

/** A string property, NULL for any other type or ''. */
export function stringPropertySql(key: string): string {
  return `if(${at(key)} > 0 AND property_kinds[${at(key)}] = 'string' AND property_texts[${at(key)}] != '', property_texts[${at(key)}], NULL)`;
}

/**
 * The `fraction` quantile of a sorted array of numbers, interpolated linearly between the two
 * nearest ranks as DuckDB's quantile_cont and median do (ClickHouse's quantileExact picks one
 * value, and 18.16 has no quantileExactInclusive); NULL for an empty array.
 */
export function quantileContSql(sorted: string, fraction: number): string {
  const position = `((length(${sorted}) - 1) * ${literal(fraction)})`;
  const below = `${sorted}[toUInt64(floor(${position})) + 1]`;
  const above = `${sorted}[toUInt64(ceil(${position})) + 1]`;
  return `if(empty(${sorted}), NULL, ${below} + (${above} - ${below}) * (${position} - floor(${position})))`;
}
