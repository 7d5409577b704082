import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { makeTestFolder } from './test-temp-root';

// Migrated databases made once per test run by the global set-up, which every test database is a
// copy of (ADR 018): an initdb and the migrations cost seconds in WebAssembly, a copy a tenth of one.

/** A DATA_DIR whose PGlite is initialised and migrated; `remove()` deletes it. */
export async function createPgliteTemplate(): Promise<{ dataDir: string; remove(): void }> {
  const dataDir = makeTestFolder('template');
  try {
    const database = await openDatabase({ dataDir });
    await database.close();
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Creates a database in the cluster at `adminUrl`, migrates it the way the product does, and answers its name. */
export async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = 'qb_migrated_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL refuses to copy a template someone is connected to.
  const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url.toString() });
  await database.close();
  return name;
}
