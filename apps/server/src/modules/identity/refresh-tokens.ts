import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { refreshTokens } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashSecret, randomSecret } from '../../lib/secrets';
import type { SignInProvider } from './id-tokens';

const dayMs = 24 * 60 * 60 * 1000;
/** A refresh token unused for this long is dead (idle expiry). */
export const refreshIdleMs = 14 * dayMs;
/** A sign-in lasts at most this long, however often it is refreshed (absolute expiry). */
export const refreshAbsoluteMs = 30 * dayMs;
/** Two tabs refreshing at once: the one that lost the race may still use the old token this long. */
export const refreshGraceMs = 10_000;

export interface RefreshSession {
  token: string;
  /** The sign-in this token belongs to: the `sid` of the ID tokens it yields. */
  familyId: string;
  userId: string;
  provider: SignInProvider;
  authTime: Date;
  familyExpiresAt: Date;
}

async function insertToken(
  db: Db,
  values: { familyId: string; userId: string; provider: SignInProvider; authTime: Date; familyExpiresAt: Date },
  now: Date,
): Promise<RefreshSession> {
  const token = randomSecret(32);
  await db.insert(refreshTokens).values({
    tokenHash: hashSecret(token),
    familyId: values.familyId,
    userId: values.userId,
    signInProvider: values.provider,
    authTime: values.authTime,
    createdAt: now,
    expiresAt: new Date(Math.min(now.getTime() + refreshIdleMs, values.familyExpiresAt.getTime())),
    familyExpiresAt: values.familyExpiresAt,
  });
  return { token, familyId: values.familyId, userId: values.userId, provider: values.provider, authTime: values.authTime, familyExpiresAt: values.familyExpiresAt };
}

/** A new sign-in: a new family with its first token. */
export async function startRefreshFamily(db: Db, userId: string, provider: SignInProvider, clock: Clock) {
  const now = clock.now();
  return insertToken(db, { familyId: randomUUID(), userId, provider, authTime: now, familyExpiresAt: new Date(now.getTime() + refreshAbsoluteMs) }, now);
}

/**
 * Exchanges a refresh token for its successor. Null when the token is unknown, revoked or expired,
 * or when a replaced token is presented again after the grace window: that is reuse of a stolen
 * token, and the whole family is revoked (docs/product/security-cases.md case 17).
 */
export async function rotateRefreshToken(db: Db, token: string, clock: Clock): Promise<RefreshSession | null> {
  const now = clock.now();
  return (await rotateAtOnce(db, token, now)) ?? rotateAfterLookup(db, token, now);
}

/**
 * The usual case, a live token used for the first time, in one statement: it is claimed and its
 * successor written in one round trip to the database, on the way of every returning visitor's first
 * page (issue 20). Null when the token was not claimed; `rotateAfterLookup` then tells why.
 */
async function rotateAtOnce(db: Db, token: string, now: Date): Promise<RefreshSession | null> {
  const successor = randomSecret(32);
  const at = now.toISOString();
  const idleExpiry = new Date(now.getTime() + refreshIdleMs).toISOString();
  const [row] = await rowsOf<{ family_id: string; user_id: string; sign_in_provider: string; auth_time: string | Date; family_expires_at: string | Date }>(db, sql`
    with claimed as (
      update ${refreshTokens} set replaced_at = ${at}::timestamptz
      where token_hash = ${hashSecret(token)} and replaced_at is null and revoked_at is null
        and expires_at > ${at}::timestamptz and family_expires_at > ${at}::timestamptz
      returning family_id, user_id, sign_in_provider, auth_time, family_expires_at
    )
    insert into ${refreshTokens} (token_hash, family_id, user_id, sign_in_provider, auth_time, created_at, expires_at, family_expires_at)
    select ${hashSecret(successor)}, family_id, user_id, sign_in_provider, auth_time, ${at}::timestamptz,
      least(${idleExpiry}::timestamptz, family_expires_at), family_expires_at
    from claimed
    returning family_id, user_id, sign_in_provider, auth_time, family_expires_at`);
  if (!row) return null;
  return {
    token: successor,
    familyId: row.family_id,
    userId: row.user_id,
    provider: row.sign_in_provider as SignInProvider,
    authTime: new Date(row.auth_time),
    familyExpiresAt: new Date(row.family_expires_at),
  };
}

/** Every other case, one step at a time: unknown, revoked or expired, a concurrent refresh, reuse. */
async function rotateAfterLookup(db: Db, token: string, now: Date): Promise<RefreshSession | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashSecret(token))).limit(1);
  if (!row || row.revokedAt || row.familyExpiresAt <= now || row.expiresAt <= now) return null;
  const family = {
    familyId: row.familyId,
    userId: row.userId,
    provider: row.signInProvider as SignInProvider,
    authTime: row.authTime,
    familyExpiresAt: row.familyExpiresAt,
  };
  if (!row.replacedAt) {
    const claimed = await db
      .update(refreshTokens)
      .set({ replacedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.replacedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 1) return insertToken(db, family, now);
    // Lost a race with a concurrent refresh of the same token: fall through to the grace check.
    const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id)).limit(1);
    row.replacedAt = current?.replacedAt ?? now;
  }
  if (now.getTime() - row.replacedAt.getTime() <= refreshGraceMs) return insertToken(db, family, now);
  await revokeFamily(db, row.familyId, now);
  return null;
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Sign-out: the token's whole family stops working. */
export async function revokeFamilyOfToken(db: Db, token: string, clock: Clock) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId, clock.now());
}

const activeFamilyQueries = new WeakMap<Db, ReturnType<typeof activeFamilyQuery>>();

function activeFamilyQuery(db: Db) {
  return db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt)))
    .limit(1)
    .prepare('find_active_refresh_family');
}

/**
 * Whether a sign-in is still on: signing out (or reuse of a stolen token) revokes every token of the
 * family, and its ID tokens are refused from the next request on (ADR 019).
 */
export async function isFamilyActive(db: Db, familyId: string): Promise<boolean> {
  let query = activeFamilyQueries.get(db);
  if (!query) activeFamilyQueries.set(db, (query = activeFamilyQuery(db)));
  return (await query.execute({ familyId })).length > 0;
}
