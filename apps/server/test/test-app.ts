import { parseConfig, type Config } from '../src/config';
import { buildApp, type App } from '../src/app';
import type { Clock } from '../src/lib/clock';
import { openDatabase } from '../src/db/database';
import type { DatabaseTarget } from './databases';
import type { EventStore } from '../src/modules/events/event-store';
import { openEventStore, type EventStoreOptions } from '../src/modules/events/open-event-store';
import type { EventStoreTarget } from './event-stores';
import type { IngestLimits } from '../src/modules/ingestion/ingest-routes';

/** A real app on a real, empty database, ready for `app.inject`. */
export async function createTestApp(
  target: DatabaseTarget,
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    extend?: (app: App) => void;
    clock?: Clock;
    events?: EventStore;
    /** Where events live when `events` is not given: DuckDB under DATA_DIR unless a ClickHouse target is named. */
    eventStore?: EventStoreTarget;
    /** Options of the store opened for the test (a small write queue, to see it fill). */
    eventStoreOptions?: EventStoreOptions;
    ingestLimits?: Partial<IngestLimits>;
  } = {},
) {
  // A leased database is open already; one the test names itself (DATA_DIR, DATABASE_URL) is not.
  const pooled = target.lease && !options.env?.DATA_DIR && !options.env?.DATABASE_URL ? await target.lease() : undefined;
  const storage = pooled ? { dataDir: pooled.dataDir, databaseUrl: undefined, dispose: () => pooled.dispose() } : await target.create();
  const eventPlace = await options.eventStore?.create();
  const config: Config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    ...eventPlace?.env,
    ...options.env,
  });
  const database = pooled?.database ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  // Opened here rather than by the app, so tests can reach the store behind the API.
  const events = options.events ?? (await openEventStore(config, options.eventStoreOptions));
  if (options.eventStore && events.kind !== options.eventStore.name.toLowerCase()) {
    throw new Error(`asked for the ${options.eventStore.name} store, got ${events.kind}`);
  }
  const app = await buildApp({
    config,
    database,
    webRoot: options.webRoot,
    logger: false,
    clock: options.clock,
    events,
    ingestLimits: options.ingestLimits,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    events,
    storage,
    close: async () => {
      await app.close();
      await events.close();
      if (pooled) {
        await pooled.recycle();
      } else {
        await database.close();
        await storage.dispose();
      }
      await eventPlace?.dispose();
    },
  };
}
