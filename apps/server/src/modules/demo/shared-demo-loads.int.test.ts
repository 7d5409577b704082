import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { openDatabase, type Database } from '../../db/database';
import { organisations, projects } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import type { IngestPost } from './demo-sender';
import { demoLoadStaleMs, SharedDemoLoads } from './shared-demo-loads';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

/**
 * The endpoint as the demo sender sees it, accepting every event after 50 ms: with the sender's 8
 * batches in flight, a load of 10,000 players (about 850 batches) runs for over 5 s, longer than
 * the test, until it is stopped.
 */
const slowPost: IngestPost = async (body) => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { events } = JSON.parse(body) as { events: unknown[] };
  return { status: 200, retryAfter: undefined, body: JSON.stringify({ accepted: events.length, rejected: [] }) };
};

/** Demo loads of two processes on one PostgreSQL database (ADR 032). */
describe.skipIf(!postgres)('demo loads shared through PostgreSQL', () => {
  let storage: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let databases: Database[];
  let projectId: string;

  beforeEach(async () => {
    storage = await postgres!.create();
    databases = await Promise.all([0, 1].map(() => openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })));
    const now = new Date();
    const [organisation] = await databases[0]!.db.insert(organisations).values({ name: 'Pixel Forge', createdAt: now, updatedAt: now }).returning();
    const [project] = await databases[0]!.db
      .insert(projects)
      .values({ organisationId: organisation!.id, name: 'Pixel Quest', description: 'd'.repeat(150), identifier: 'pixel-quest', createdAt: now, updatedAt: now })
      .returning();
    projectId = project!.id;
  });
  afterEach(async () => {
    for (const database of databases) await database.close();
    await storage.dispose();
  });

  const options = { post: slowPost, key: 'qbk_demo', end: new Date('2026-01-15T12:00:00Z'), players: 10_000, log: () => undefined };

  it('reads a load whose process stopped writing its progress as failed, and lets another process start one', async () => {
    // A's clock stands still: its heartbeats carry a time B finds stale once B's clock has moved on.
    const clockA = manualClock();
    const clock = manualClock();
    const a = new SharedDemoLoads(databases[0]!.db, clockA, 200);
    const b = new SharedDemoLoads(databases[1]!.db, clock, 200);
    expect(await a.start(projectId, options)).toBe(true);
    expect(await b.status(projectId)).toEqual({ state: 'running', players: 10_000, sentEvents: 0, error: null });
    expect(await b.start(projectId, options)).toBe(false);
    clock.advance(demoLoadStaleMs + 1);
    expect(await b.status(projectId)).toMatchObject({ state: 'failed', players: 10_000, error: 'The server loading the demo data stopped. Try again.' });
    expect(await b.start(projectId, { ...options, players: 20_000 })).toBe(true);
    expect(await a.status(projectId)).toMatchObject({ state: 'running', players: 20_000 });
    // A sees at its next heartbeat that its load was taken over, and stops it without touching B's row.
    await expect.poll(() => a.isRunningHere(projectId), { timeout: 5_000 }).toBe(false);
    expect(await a.status(projectId)).toMatchObject({ state: 'running', players: 20_000 });
    await Promise.all([a.stopAll(), b.stopAll()]);
    expect(await a.status(projectId)).toEqual({ state: 'idle', players: 0, sentEvents: 0, error: null });
  });

  it('stops a load running on another process when asked to, at its next heartbeat', async () => {
    const clock = manualClock();
    const a = new SharedDemoLoads(databases[0]!.db, clock, 50);
    const b = new SharedDemoLoads(databases[1]!.db, clock, 50);
    expect(await a.start(projectId, options)).toBe(true);
    await b.stop(projectId);
    expect(await a.status(projectId)).toEqual({ state: 'idle', players: 0, sentEvents: 0, error: null });
    expect(await a.isRunning(projectId)).toBe(false);
  });
});
