import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverInstances } from '../db/schema';
import type { Clock } from './clock';

/** How many server processes serve the installation now: per-second limits are split between them. */
export interface InstanceCount {
  current(): number;
  /** Whether a process seen lately wrote this local-token hash (demo/local-token.ts). */
  hasLocalToken(hash: string): Promise<boolean>;
  stop(): Promise<void>;
}

export const oneInstance: InstanceCount = { current: () => 1, hasLocalToken: async () => false, stop: async () => undefined };

/**
 * Each process writes its `seen_at` every `beatMs` and counts the processes seen within `staleMs`
 * (ADR 032). A per-second limit of N is then N / processes in each one: no database round trip per
 * request on ingestion or config delivery, and the installation as a whole allows about N (exactly N
 * when the load balancer spreads the requests evenly). A process that stops deletes its row; one that
 * dies stops counting after `staleMs`, and its row is deleted by the others after four times that.
 */
export async function startInstanceCount(
  db: Db,
  clock: Clock,
  options: { beatMs?: number; staleMs?: number; localTokenHash?: string } = {},
): Promise<InstanceCount> {
  const beatMs = options.beatMs ?? 5_000;
  const staleMs = options.staleMs ?? 15_000;
  const id = randomUUID();
  let processes = 1;
  const beat = async () => {
    const now = clock.now();
    await db
      .insert(serverInstances)
      .values({ id, seenAt: now, localTokenHash: options.localTokenHash ?? null })
      .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: now } });
    await db.delete(serverInstances).where(lt(serverInstances.seenAt, new Date(now.getTime() - 4 * staleMs)));
    const [row] = await db.select({ n: count() }).from(serverInstances).where(gt(serverInstances.seenAt, new Date(now.getTime() - staleMs)));
    processes = Math.max(1, row?.n ?? 1);
  };
  await beat();
  // A failed beat (the database is away) keeps the last count: the limits stay as they were.
  const timer = setInterval(() => void beat().catch(() => undefined), beatMs);
  timer.unref();
  return {
    current: () => processes,
    hasLocalToken: async (hash) => {
      const since = new Date(clock.now().getTime() - staleMs);
      const rows = await db
        .select({ id: serverInstances.id })
        .from(serverInstances)
        .where(and(eq(serverInstances.localTokenHash, hash), gt(serverInstances.seenAt, since)))
        .limit(1);
      return rows.length > 0;
    },
    stop: async () => {
      clearInterval(timer);
      // Unreachable database (or already closed): the row goes stale after `staleMs` anyway.
      await db
        .delete(serverInstances)
        .where(eq(serverInstances.id, id))
        .catch(() => undefined);
    },
  };
}
