import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { databaseTargets } from './databases';
import { createTestApp } from './test-app';
import { addMember, core, signUpOwner } from './organisation-helpers';
import { createProject } from './project-helpers';

// A test app's PGlite goes to the next test emptied (pglite-pool.ts): the next test must find the
// database as a fresh copy of the migrated template has it, and a DATA_DIR with nothing but it.
const pglite = databaseTargets.find((target) => target.name === 'PGlite')!;

/** A query's rows (PGlite answers `{ rows }`). */
async function rowsOf<T>(database: Database, query: string): Promise<T[]> {
  const result: unknown = await database.db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}

/** Every table's rows and every sequence's position. */
async function contents(database: Database): Promise<Record<string, unknown>> {
  const tables = await rowsOf<{ name: string }>(
    database,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const found: Record<string, unknown> = {};
  for (const { name } of tables) found[name] = await rowsOf(database, `select * from ${name} order by 1`);
  found.sequences = await rowsOf(database, 'select sequencename, last_value from pg_sequences order by 1');
  return found;
}

describe('the PGlite a test app had, handed to the next test', () => {
  it('is as empty as a fresh copy of the migrated database, its DATA_DIR too', async () => {
    const first = await createTestApp(pglite);
    const owner = await signUpOwner(first.app, 'ada@pixel.example', 'Pixel Forge');
    await addMember(first.app, owner.token, 'grace@pixel.example', 'admin');
    const project = await createProject(first.app, owner.token, 'Farmstead');
    expect((await core(first.app, owner.token, 'POST', `/core/projects/${project.id}/ingest-keys`, { name: 'Web build' })).statusCode).toBe(201);
    fs.writeFileSync(path.join(first.config.dataDir, 'left-behind'), 'x');
    const firstDataDir = first.config.dataDir;
    const filled = await contents(first.database);
    await first.close();

    const lease = await pglite.lease!();
    const fresh = await pglite.create();
    const reference = await openDatabase(fresh);
    try {
      // The same folder and database: handed on, not copied again.
      expect(lease.dataDir).toBe(firstDataDir);
      expect(fs.readdirSync(lease.dataDir).sort()).toEqual(['pglite', 'questboard.lock']);
      const emptied = await contents(lease.database);
      expect(emptied).toEqual(await contents(reference));
      // Not equal by accident: the first test's rows were there.
      expect(filled).not.toEqual(emptied);
    } finally {
      await reference.close();
      await fresh.dispose();
      await lease.recycle();
    }
  });

  it("no longer tells the last test's app of changes, only the next one's", async () => {
    const first = await pglite.lease!();
    const heardByFirst = vi.fn();
    if (first.database.cacheVersion.kind !== 'in-process') throw new Error('PGlite tells of changes in process');
    await first.database.cacheVersion.subscribe(heardByFirst);
    await first.recycle();

    const next = await pglite.lease!();
    try {
      expect(next.dataDir).toBe(first.dataDir);
      const heardByNext = vi.fn();
      if (next.database.cacheVersion.kind !== 'in-process') throw new Error('PGlite tells of changes in process');
      await next.database.cacheVersion.subscribe(heardByNext);
      // A change to a table the caches hold (cache_version's trigger notifies on commit).
      await next.database.db.execute(sql`insert into identity_users (email, created_at, updated_at) values ('ada@pixel.example', now(), now())`);
      await vi.waitFor(() => expect(heardByNext).toHaveBeenCalled());
      expect(heardByFirst).not.toHaveBeenCalled();
    } finally {
      await next.recycle();
    }
  });

  it('is closed for good when its test closes it, and not handed on', async () => {
    const t = await createTestApp(pglite);
    const closedDataDir = t.config.dataDir;
    await t.database.close();
    await t.app.close();
    await t.events.close();
    await t.storage.dispose();
    expect(fs.existsSync(closedDataDir)).toBe(false);

    // The same through the test app's own close.
    const second = await createTestApp(pglite);
    await second.database.close();
    await second.close();
    expect(fs.existsSync(second.config.dataDir)).toBe(false);

    const next = await createTestApp(pglite);
    try {
      expect([closedDataDir, second.config.dataDir]).not.toContain(next.config.dataDir);
      expect((await next.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });
});
