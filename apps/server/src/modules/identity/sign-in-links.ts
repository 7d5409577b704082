import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SIGN_IN_LINK_TTL_MS } from '@questboard/shared/limits';
import type { Db } from '../../db/database';
import { signInLinks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashSecret, randomSecret } from '../../lib/secrets';

export const maxFailedAttempts = 5;

/** Stores a new link for the (normalised) address and returns its secret, which only the mail carries. */
export async function createSignInLink(db: Db, email: string, redirectTo: string | null, clock: Clock): Promise<string> {
  const now = clock.now();
  const secret = randomSecret(32);
  await db.insert(signInLinks).values({
    secretHash: hashSecret(secret),
    email,
    redirectTo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
  });
  return secret;
}

/**
 * Uses a link: one atomic UPDATE that only succeeds for the right secret AND address, unused,
 * unexpired and not burnt by failures, so of any number of parallel attempts exactly one wins.
 * A failure counts against the links it names (by secret or by address); 5 failures burn them.
 */
export async function consumeSignInLink(db: Db, email: string, secret: string, clock: Clock): Promise<{ redirectTo: string | null } | null> {
  const now = clock.now();
  const secretHash = hashSecret(secret);
  const usable = and(isNull(signInLinks.consumedAt), gt(signInLinks.expiresAt, now), lt(signInLinks.failedAttempts, maxFailedAttempts));
  const [used] = await db
    .update(signInLinks)
    .set({ consumedAt: now })
    .where(and(eq(signInLinks.secretHash, secretHash), eq(signInLinks.email, email), usable))
    .returning({ redirectTo: signInLinks.redirectTo });
  if (used) return used;
  await db
    .update(signInLinks)
    .set({ failedAttempts: sql`${signInLinks.failedAttempts} + 1` })
    .where(and(or(eq(signInLinks.secretHash, secretHash), eq(signInLinks.email, email)), usable));
  return null;
}
