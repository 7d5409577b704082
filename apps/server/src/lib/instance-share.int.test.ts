import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { openDatabase, type Database } from '../db/database';
import { manualClock } from './clock';
import { startInstanceCount } from './instance-share';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

/** The processes sharing one PostgreSQL count each other from their `seen_at` rows (ADR 032). */
describe.skipIf(!postgres)('counting the server processes on one PostgreSQL', () => {
  let storage: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let databases: Database[];

  beforeEach(async () => {
    storage = await postgres!.create();
    databases = await Promise.all([0, 1].map(() => openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })));
  });
  afterEach(async () => {
    for (const database of databases) await database.close();
    await storage.dispose();
  });

  it('sees the other process within a beat, no longer once it stops, and forgets one that went silent', async () => {
    const clock = manualClock();
    const a = await startInstanceCount(databases[0]!.db, clock, { beatMs: 50 });
    expect(a.current()).toBe(1);
    const b = await startInstanceCount(databases[1]!.db, clock, { beatMs: 50 });
    expect(b.current()).toBe(2);
    await expect.poll(() => a.current()).toBe(2);
    await b.stop();
    await expect.poll(() => a.current()).toBe(1);

    // A process that dies without deleting its row counts until its last beat is 15 s old.
    const silent = manualClock(clock.now());
    const c = await startInstanceCount(databases[1]!.db, silent, { beatMs: 60_000 });
    await expect.poll(() => a.current()).toBe(2);
    clock.advance(15_001);
    await expect.poll(() => a.current()).toBe(1);
    await c.stop();
    await a.stop();
  });
});
