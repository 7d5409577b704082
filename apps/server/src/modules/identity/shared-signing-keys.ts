import { asc, sql } from 'drizzle-orm';
import { importJWK, type CryptoKey } from 'jose';
import type { Db } from '../../db/database';
import { signingKeys } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newSigningKey, retiredOverlapMs, rotateAfterMs, type SigningKeys } from './signing-keys';

// With DATABASE_URL the signing keys live in PostgreSQL, so every process signs and verifies with
// the same keys (ADR 032); the embedded installation keeps them in DATA_DIR/keys (signing-keys.ts).

// Any constant works; it only has to be the same for every Questboard process on one database.
const rotationLockKey = 7_410_203_201;

type Row = typeof signingKeys.$inferSelect;

/**
 * Creates the first key, rotates one older than 90 days and drops keys retired more than a day ago,
 * one process at a time (a transaction-scoped advisory lock): processes that start or check together
 * cannot both rotate. Answers the keys as they are after it.
 */
async function settleKeys(db: Db, clock: Clock, forceRotation: boolean): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${rotationLockKey})`);
    const now = clock.now();
    let rows = await tx.select().from(signingKeys).orderBy(asc(signingKeys.createdAt));
    const active = rows.find((row) => row.retiredAt === null);
    if (forceRotation || !active || now.getTime() - active.createdAt.getTime() > rotateAfterMs) {
      await tx.update(signingKeys).set({ retiredAt: now }).where(sql`${signingKeys.retiredAt} is null`);
      const key = await newSigningKey(now);
      await tx.insert(signingKeys).values({ kid: key.kid, createdAt: now, privateJwk: key.privateJwk, publicJwk: key.publicJwk });
      rows = await tx.select().from(signingKeys).orderBy(asc(signingKeys.createdAt));
    }
    const cutoff = new Date(now.getTime() - retiredOverlapMs);
    if (rows.some((row) => row.retiredAt !== null && row.retiredAt <= cutoff)) {
      await tx.delete(signingKeys).where(sql`${signingKeys.retiredAt} <= ${cutoff}`);
      rows = rows.filter((row) => row.retiredAt === null || row.retiredAt > cutoff);
    }
    return rows;
  });
}

/**
 * The keys every process shares. `reload()` reads them again: each process does so every minute
 * (and rotates the key when it is due), and at once when a token names a key it does not know, at
 * most once every five seconds (a made-up `kid` cannot make every request read the database).
 */
export class SharedSigningKeys implements SigningKeys {
  kid = '';
  privateKey!: CryptoKey;
  jwks: SigningKeys['jwks'] = { keys: [] };
  #timer: NodeJS.Timeout | undefined;
  #reloading: Promise<boolean> | undefined;
  #lastUnknownReload = Number.NEGATIVE_INFINITY;

  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  static async load(db: Db, clock: Clock, options: { refreshMs?: number } = {}): Promise<SharedSigningKeys> {
    const keys = new SharedSigningKeys(db, clock);
    await keys.apply(await settleKeys(db, clock, false));
    const refreshMs = options.refreshMs ?? 60_000;
    if (refreshMs > 0) {
      keys.#timer = setInterval(() => void keys.reload().catch(() => undefined), refreshMs);
      keys.#timer.unref();
    }
    return keys;
  }

  private async apply(rows: Row[]): Promise<boolean> {
    const current = rows.find((row) => row.retiredAt === null);
    if (!current) throw new Error('No active signing key.');
    const published = rows.map((row) => row.publicJwk);
    const changed = current.kid !== this.kid || published.length !== this.jwks.keys.length || published.some((key, i) => key.kid !== this.jwks.keys[i]?.kid);
    if (!changed) return false;
    this.privateKey = (await importJWK(current.privateJwk, 'ES256')) as CryptoKey;
    this.kid = current.kid;
    // A new object, so the verifier knows to rebuild its key set.
    this.jwks = { keys: published };
    return true;
  }

  /** Reads the keys again (rotating when due); true when they changed. Concurrent calls share one read. */
  reload(): Promise<boolean> {
    this.#reloading ??= settleKeys(this.db, this.clock, false)
      .then((rows) => this.apply(rows))
      .finally(() => {
        this.#reloading = undefined;
      });
    return this.#reloading;
  }

  /** For a token signed with a key this process does not know: another process may have rotated. */
  async reloadForUnknownKey(): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (now - this.#lastUnknownReload < 5_000) return false;
    this.#lastUnknownReload = now;
    return this.reload();
  }

  /** Retires the signing key for a new one, for every process (each sees it at its next reload). */
  async rotate(): Promise<string> {
    await this.apply(await settleKeys(this.db, this.clock, true));
    return this.kid;
  }

  stop() {
    clearInterval(this.#timer);
  }
}
