import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { openPgliteClient, pgliteDatabase, pgliteFolder, type Database } from '../src/db/database';
import { startPgliteMaintenance } from '../src/db/pglite-maintenance';
import { cacheChannel } from '../src/db/cache-version';

// Opening a copy of the migrated PGlite and closing it again cost about 0.4 s of CPU, a fifth of the
// integration step's (ADR 018, sixth revision). A test app's PGlite is therefore not closed when its
// test ends: the worker empties it back to what the migrations left (every table truncated, its
// identities restarted, the rows the migrations inserted put back) and the next test app of the
// worker opens on it. The DATA_DIR's other files (the event store, signing keys) are removed, so
// the next app starts as on a fresh install. A test that closes the database itself still closes
// it for good, as before.

interface Snapshot {
  /** One statement emptying every table the migrations made, identities restarted. */
  truncate: string;
  /** The rows the migrations inserted, table by table (`cache_version`'s one row). */
  seeds: { table: string; columns: string; rows: string }[];
}

interface Entry {
  dataDir: string;
  client: PGlite;
  release: () => void;
  snapshot: Snapshot;
}

// Module state lives as long as the worker (the integration project runs without per-file
// isolation, vitest.config.ts); what is idle when the worker ends is removed by the global
// teardown's sweep of folders whose process has ended.
const idle: Entry[] = [];

const quoted = (schemaName: string, name: string) => `"${schemaName.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

async function snapshotOf(client: PGlite): Promise<Snapshot> {
  const { rows: tables } = await client.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1, 2`,
  );
  const names = tables.map((t) => quoted(t.schemaname, t.tablename));
  const seeds: Snapshot['seeds'] = [];
  for (const { schemaname, tablename } of tables) {
    const table = quoted(schemaname, tablename);
    const { rows } = await client.query<{ rows: unknown[] | null }>(`select json_agg(t) as rows from ${table} t`);
    if (!rows[0]?.rows) continue;
    const { rows: columns } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
      [schemaname, tablename],
    );
    seeds.push({ table, columns: columns.map((c) => `"${c.column_name.replaceAll('"', '""')}"`).join(', '), rows: JSON.stringify(rows[0].rows) });
  }
  return { truncate: `truncate table ${names.join(', ')} restart identity cascade`, seeds };
}

/** Puts the database back to the state the migrations left, in one transaction. */
async function empty(entry: Entry): Promise<void> {
  const { client, snapshot } = entry;
  await client.transaction(async (tx) => {
    await tx.exec(snapshot.truncate);
    for (const seed of snapshot.seeds) {
      await tx.query(
        `insert into ${seed.table} (${seed.columns}) overriding system value select ${seed.columns} from json_populate_recordset(null::${seed.table}, $1)`,
        [seed.rows],
      );
    }
  });
}

async function open(dataDir: string): Promise<Entry> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await openPgliteClient(dataDir);
    return { dataDir, client, release, snapshot: await snapshotOf(client) };
  } catch (error) {
    release();
    throw error;
  }
}

async function closeForGood(entry: Entry): Promise<void> {
  try {
    if (!entry.client.closed) await entry.client.close();
  } finally {
    entry.release();
  }
}

export interface PooledDatabase {
  dataDir: string;
  database: Database;
  /** Hands the database to the next test, emptied; closes it for good when that fails, removes it when its test closed it. */
  recycle(): Promise<void>;
  /** Closes it for good and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

/**
 * A migrated, empty PGlite DATA_DIR with its database open: one another test of this worker has
 * finished with, or a new copy of the template (`copy` makes the folder).
 */
export async function leasePglite(copy: () => string): Promise<PooledDatabase> {
  const entry = idle.pop() ?? (await open(copy()));
  let maintenance: Awaited<ReturnType<typeof startPgliteMaintenance>>;
  try {
    // As openDatabase does: the tables due are analysed at start, then every minute.
    maintenance = await startPgliteMaintenance(entry.client);
  } catch (error) {
    await closeForGood(entry);
    throw error;
  }
  let state: 'leased' | 'closed' | 'returned' = 'leased';
  const client = entry.client;
  // What the app listens to for cache changes, to be stopped before the next test's app listens.
  const listeners: (() => void)[] = [];
  const stopUsing = async () => {
    await maintenance.stop();
    for (const onChange of listeners.splice(0)) await client.unlisten(cacheChannel, onChange);
  };
  // A test closing its database (an outage, a restart) closes it for good, as openDatabase's does.
  const product = pgliteDatabase(client, async () => {
    if (state !== 'leased') return;
    state = 'closed';
    try {
      await stopUsing();
    } finally {
      await closeForGood(entry);
    }
  });
  const database: Database = {
    ...product,
    cacheVersion: {
      kind: 'in-process',
      subscribe: async (onChange) => {
        await product.cacheVersion.subscribe(onChange);
        listeners.push(onChange);
      },
    },
  };
  const removeOtherFiles = () => {
    for (const name of fs.readdirSync(entry.dataDir)) {
      if (name === path.basename(pgliteFolder(entry.dataDir)) || name === 'questboard.lock') continue;
      fs.rmSync(path.join(entry.dataDir, name), { recursive: true, force: true });
    }
  };
  return {
    dataDir: entry.dataDir,
    database,
    recycle: async () => {
      // Its test closed it: nothing to hand on, and its folder goes as a closed test app's does.
      if (state === 'closed') fs.rmSync(entry.dataDir, { recursive: true, force: true });
      if (state !== 'leased') return;
      state = 'returned';
      try {
        await stopUsing();
        await empty(entry);
        removeOtherFiles();
      } catch (error) {
        await closeForGood(entry);
        fs.rmSync(entry.dataDir, { recursive: true, force: true });
        throw error;
      }
      idle.push(entry);
    },
    dispose: async () => {
      // Handed on already: the folder is the next test's.
      if (state === 'returned') return;
      await database.close();
      fs.rmSync(entry.dataDir, { recursive: true, force: true });
    },
  };
}
