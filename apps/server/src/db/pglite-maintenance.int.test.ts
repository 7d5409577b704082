import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPgliteMaintenance } from './pglite-maintenance';

describe('PGlite maintenance, the stand-in for autovacuum', () => {
  let client: PGlite;
  beforeEach(async () => {
    client = new PGlite();
    await client.exec('create table scores (n int primary key)');
  });
  afterEach(async () => client.close());

  const planner = async () =>
    (
      await client.query<{ reltuples: number; relallvisible: number }>(
        `select reltuples, relallvisible from pg_class where relname = 'scores'`,
      )
    ).rows[0];

  it('analyses a table never analysed at once, then only after enough changes, like autovacuum', async () => {
    await client.exec('insert into scores select generate_series(1, 500)');
    expect(await planner()).toEqual({ reltuples: -1, relallvisible: 0 });

    const maintenance = await startPgliteMaintenance(client);
    expect((await planner())?.reltuples).toBe(500);

    // 10 changed rows of 500 are below autovacuum's threshold (50 + 10 %): nothing runs.
    await client.exec('insert into scores select generate_series(501, 510)');
    await maintenance.run();
    expect((await planner())?.reltuples).toBe(500);

    // 2,000 more are past both thresholds: analysed, and vacuumed (the visibility map is set).
    await client.exec('insert into scores select generate_series(511, 2510)');
    await maintenance.run();
    const after = await planner();
    expect(after?.reltuples).toBe(2510);
    expect(after?.relallvisible).toBeGreaterThan(0);
    await maintenance.stop();
  });

  it('runs on its timer until stopped', async () => {
    const maintenance = await startPgliteMaintenance(client, 20);
    await client.exec('insert into scores select generate_series(1, 200)');
    await expect.poll(async () => (await planner())?.reltuples, { timeout: 5000 }).toBe(200);
    await maintenance.stop();
    await client.exec('insert into scores select generate_series(201, 1200)');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await planner())?.reltuples).toBe(200);
  });
});
