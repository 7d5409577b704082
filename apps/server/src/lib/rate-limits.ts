import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitWindows } from '../db/schema';
import type { Clock } from './clock';
import { RateLimiter } from './rate-limiter';

export type RateLimitVerdict = ReturnType<RateLimiter['hit']>;

/** A fixed-window limit (`limit` hits per window for each key) wherever its counters live. */
export interface Limiter {
  hit(key: string): Promise<RateLimitVerdict>;
}

/**
 * Makes the limiters of sign-in, invitations, support and the local token (windows of minutes, a
 * few hits a person): in memory with one process, in PostgreSQL when several share it (ADR 032).
 * `name` tells limiters apart in the shared table and must be unique.
 */
export type RateLimits = (name: string, limit: number, windowMs: number) => Limiter;

export function memoryRateLimits(clock: Clock): RateLimits {
  return (_name, limit, windowMs) => {
    const limiter = new RateLimiter(limit, windowMs, clock);
    return { hit: async (key) => limiter.hit(key) };
  };
}

/** Keys are e-mail addresses and client addresses: the table holds only their SHA-256. */
const keyHash = (name: string, key: string) => createHash('sha256').update(`${name}\u0000${key}`).digest('base64url');

/**
 * One atomic `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING` per hit: the window starts at the
 * first hit (as in memory), a hit past the limit updates nothing and returns no row, so it is not
 * counted, and two processes counting at once are serialised by the row lock. Ended windows are
 * deleted at most once a window per process.
 */
export function postgresRateLimits(db: Db, clock: Clock): RateLimits {
  const names = new Set<string>();
  return (name, limit, windowMs) => {
    if (names.has(name)) throw new Error(`Two rate limiters are named ${name}.`);
    names.add(name);
    let sweptAt = 0;
    return {
      async hit(key) {
        const now = clock.now().getTime();
        const hash = keyHash(name, key);
        const ended = sql`${rateLimitWindows.startedAt} <= ${now - windowMs}`;
        const counted = await db
          .insert(rateLimitWindows)
          .values({ limiter: name, keyHash: hash, startedAt: now, count: 1 })
          .onConflictDoUpdate({
            target: [rateLimitWindows.limiter, rateLimitWindows.keyHash],
            set: {
              startedAt: sql`case when ${ended} then ${now} else ${rateLimitWindows.startedAt} end`,
              count: sql`case when ${ended} then 1 else ${rateLimitWindows.count} + 1 end`,
            },
            setWhere: sql`${ended} or ${rateLimitWindows.count} < ${limit}`,
          })
          .returning({ startedAt: rateLimitWindows.startedAt });
        if (now - sweptAt >= windowMs) {
          sweptAt = now;
          await db.delete(rateLimitWindows).where(and(eq(rateLimitWindows.limiter, name), lte(rateLimitWindows.startedAt, now - windowMs)));
        }
        if (counted.length > 0) return { allowed: true };
        const [window] = await db
          .select({ startedAt: rateLimitWindows.startedAt })
          .from(rateLimitWindows)
          .where(and(eq(rateLimitWindows.limiter, name), eq(rateLimitWindows.keyHash, hash)));
        const endsAt = (window?.startedAt ?? now) + windowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
      },
    };
  };
}
