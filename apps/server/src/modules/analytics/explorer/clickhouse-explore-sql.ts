import type { PropertyFilter } from '@questboard/shared/analytics-explore-filters';
import type { ExploreGranularity, ExploreQuery } from '@questboard/shared/analytics-explore';
import { literal } from '../../events/clickhouse/clickhouse-http';
import { bucketSql, filterSql, rangeSql } from '../clickhouse-sql';
import type { EventSeries } from './explore-events-sql';

// The explorer's reads of the events in ClickHouse SQL (ADR 033): a property is read from the
// parallel arrays (`property_keys`, `property_kinds`, `property_texts`, `property_numbers`) at
// `indexOf(property_keys, key)`, 0 when the event has no such key. Keys and values go into the
// text through `literal`. The conditions are written without NULLs: in 18.16 `0 AND NULL` is NULL,
// not false, so a NOT around it (neq, not_set) would drop events DuckDB keeps.

const indexSql = (key: string) => `indexOf(property_keys, ${literal(key)})`;

/** The event has the key with a value other than null (its text is in property_texts). */
const hasTextSql = (key: string) => `(${indexSql(key)} > 0 AND property_kinds[${indexSql(key)}] != 'null')`;
/** The event has the key with a number (in property_numbers). */
const hasNumberSql = (key: string) => `(${indexSql(key)} > 0 AND property_kinds[${indexSql(key)}] = 'number')`;

/** The property's value as text (a string as sent, a number or boolean as written), NULL when missing or null. */
export const propertyTextSql = (key: string) => `if(${hasTextSql(key)}, property_texts[${indexSql(key)}], NULL)`;
/** The property's value when it is a number, else NULL. */
export const propertyNumberSql = (key: string) => `if(${hasNumberSql(key)}, property_numbers[${indexSql(key)}], NULL)`;

/** One property filter as SQL (docs/product/metrics.md "Property filters"), never NULL. */
export function propertyFilterSql(filter: PropertyFilter): string {
  const key = filter.key;
  const index = indexSql(key);
  // Equal: the same text, or the same number (3 equals 3.0).
  const equals = (value: string) => {
    const asNumber = value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
    const text = `(${hasTextSql(key)} AND property_texts[${index}] = ${literal(value)})`;
    return asNumber === null ? text : `(${text} OR (${hasNumberSql(key)} AND property_numbers[${index}] = ${literal(asNumber)}))`;
  };
  const compare = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  switch (filter.op) {
    case 'eq':
      return equals(filter.values[0] ?? '');
    case 'neq':
      // A missing key is not equal to the value either.
      return `NOT ${equals(filter.values[0] ?? '')}`;
    case 'in':
      return `(${filter.values.map(equals).join(' OR ')})`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return `(${hasNumberSql(key)} AND property_numbers[${index}] ${compare[filter.op]} ${literal(Number(filter.values[0]))})`;
    case 'set':
      return hasTextSql(key);
    case 'not_set':
      return `NOT ${hasTextSql(key)}`;
  }
}

/**
 * The bucket label of an event: its day's bucket, or its UTC hour written YYYY-MM-DDTHH:00:00Z
 * (from the epoch milliseconds and the UTC day the writer stored: no server time zone involved).
 */
export function eventBucketSql(granularity: ExploreGranularity, from: string): string {
  if (granularity !== 'hour') return bucketSql('day', granularity, from);
  const hour = 'intDiv((ts_ms % 86400000 + 86400000) % 86400000, 3600000)';
  return `concat(toString(day), 'T', if(${hour} < 10, '0', ''), toString(${hour}), ':00:00Z')`;
}

/** The WHERE of a series' events: the range, the page's filters, the event name and its property filters. */
export function eventConditionsSql(query: ExploreQuery, series: EventSeries): string {
  const conditions = [rangeSql(query), filterSql(query)];
  if (series.event !== null) conditions.push(`name = ${literal(series.event)}`);
  for (const filter of series.filters) conditions.push(propertyFilterSql(filter));
  return conditions.join(' AND ');
}
