import path from 'node:path';
import { openDuckDbEventStore } from './duckdb-event-store';
import type { EventStore } from './event-store';

/** The analytics store of an installation: embedded DuckDB in DATA_DIR/events (docs/product/metrics.md#where-events-live). */
export function openEventStore(dataDir: string): Promise<EventStore> {
  return openDuckDbEventStore({ file: path.join(dataDir, 'events', 'events.duckdb') });
}
