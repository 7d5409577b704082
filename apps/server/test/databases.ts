import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/database';

/**
 * The database targets every integration test file runs against: `describe.each(databaseTargets)`.
 * Each `create()` gives a brand-new, empty database (a fresh DATA_DIR, or a fresh PostgreSQL
 * database in the throwaway cluster) and `dispose()` removes it.
 */
export interface DatabaseTarget {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<{ dataDir: string; databaseUrl: string | undefined; dispose(): Promise<void> }>;
}

const postgresUrl = inject('postgresUrl');

// A fresh PGlite costs an initdb (~2.5 s in WebAssembly). Each test worker makes one migrated
// template folder and copies it for every database it hands out (~0.1 s).
let pgliteTemplate: Promise<string> | undefined;
function migratedPgliteTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-template-'));
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return pgliteTemplate;
}

const pglite: DatabaseTarget = {
  name: 'PGlite',
  create: async () => {
    const template = await migratedPgliteTemplate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-test-'));
    fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    return {
      dataDir,
      databaseUrl: undefined,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

const postgres: DatabaseTarget = {
  name: 'PostgreSQL',
  create: async () => {
    if (!postgresUrl) throw new Error('no PostgreSQL cluster');
    const name = `qb_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-test-'));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      dataDir,
      databaseUrl: url.toString(),
      dispose: async () => {
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const databaseTargets: DatabaseTarget[] = postgresUrl ? [pglite, postgres] : [pglite];
