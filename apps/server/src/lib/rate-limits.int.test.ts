import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { openDatabase, type Database } from '../db/database';
import { rateLimitWindows } from '../db/schema';
import { manualClock } from './clock';
import { memoryRateLimits, postgresRateLimits, type RateLimits } from './rate-limits';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

/**
 * The same rules in memory (one process) and in PostgreSQL (several, ADR 032): N hits a window, the
 * window starts at the first hit, a refused hit is not counted, Retry-After is the rest of the window.
 */
describe.skipIf(!postgres)('rate limits shared through PostgreSQL', () => {
  let storage: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let databases: Database[];
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    storage = await postgres!.create();
    databases = [
      await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl }),
      await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl }),
    ];
  });
  afterEach(async () => {
    for (const database of databases) await database.close();
    await storage.dispose();
  });

  const verdicts = async (limits: RateLimits[], hits: number, key = 'ada@pixel.example') => {
    const limiters = limits.map((make) => make('test-limit', 3, 60_000));
    const answers = [];
    for (let i = 0; i < hits; i++) answers.push(await limiters[i % limiters.length]!.hit(key));
    return answers;
  };

  it('counts the hits of two processes in one window, as one process in memory does', async () => {
    const shared = await verdicts([postgresRateLimits(databases[0]!.db, clock), postgresRateLimits(databases[1]!.db, clock)], 5);
    const memory = await verdicts([memoryRateLimits(clock)], 5);
    const expected = [{ allowed: true }, { allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 60 }, { allowed: false, retryAfterSeconds: 60 }];
    expect(shared).toEqual(expected);
    expect(memory).toEqual(expected);
  });

  it('lets no more than the limit through when processes hit at once', async () => {
    const limiters = [postgresRateLimits(databases[0]!.db, clock), postgresRateLimits(databases[1]!.db, clock)].map((make) => make('burst', 10, 60_000));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.hit('203.0.113.7')));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
  });

  it('starts a new window after the last one ended, with Retry-After counting down and other keys apart', async () => {
    const limiter = postgresRateLimits(databases[0]!.db, clock)('window', 1, 60_000);
    expect(await limiter.hit('a')).toEqual({ allowed: true });
    clock.advance(45_500);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect(await limiter.hit('b')).toEqual({ allowed: true });
    clock.advance(14_500);
    expect(await limiter.hit('a')).toEqual({ allowed: true });
  });

  it('keeps only a hash of the key, and deletes ended windows', async () => {
    const limiter = postgresRateLimits(databases[0]!.db, clock)('stored', 5, 60_000);
    await limiter.hit('ada@pixel.example');
    const rows = await databases[0]!.db.select().from(rateLimitWindows);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('ada');
    clock.advance(60_000);
    await limiter.hit('grace@pixel.example');
    expect(await databases[0]!.db.select().from(rateLimitWindows)).toHaveLength(1);
  });
});
