import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import { iso, num } from '../duckdb-sql';

// The events page (ADR 010) from the rows a store answers (duckdb-catalogue.ts,
// clickhouse-catalogue.ts): one row per event name, most events first, then by name.

/** Property keys listed per event name at most (the first in text order). */
export const PROPERTY_KEYS = 50;

/** Rows (name, count, users, last: epoch ms of the latest event, keys) in the page's order. */
export function assembleCatalogue(rows: readonly Record<string, unknown>[]): EventCatalogue {
  return {
    events: rows.map((row) => ({
      name: String(row.name),
      count: num(row.count),
      users: num(row.users),
      lastSeen: iso(row.last),
      propertyKeys: ((row.keys as string[] | null) ?? []).map(String),
    })),
  };
}
