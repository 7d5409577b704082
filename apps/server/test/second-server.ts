import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import type { EventStore } from '../src/modules/events/event-store';
import { openEventStore } from '../src/modules/events/open-event-store';
import type { createTestApp } from './test-app';

export interface SecondServer {
  app: App;
  database: Database;
  events: EventStore;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A second server on the first one's PostgreSQL database, with its own caches and DATA_DIR (event
 * store folder, or the first one's ClickHouse): how several instances share one database (ADR 019). The signing keys come from the
 * database too (ADR 032).
 */
export async function startSecondServer(first: Awaited<ReturnType<typeof createTestApp>>): Promise<SecondServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-second-'));
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: first.config.databaseUrl, CLICKHOUSE_URL: first.config.clickhouse?.url });
  const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
  const events = await openEventStore(config);
  const app = await buildApp({ config, database, logger: false, events });
  await app.ready();
  return {
    app,
    database,
    events,
    dataDir,
    close: async () => {
      await app.close();
      await events.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
