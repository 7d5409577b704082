import { eq } from 'drizzle-orm';
import type { Account } from '@questboard/shared/accounts';
import { personNameSchema, type PersonName } from '@questboard/shared/validation';
import type { Db } from '../../db/database';
import { accounts, identityUsers } from '../../db/schema';
import type { Clock } from '../../lib/clock';

export type AccountRow = typeof accounts.$inferSelect;

export function toAccountView(row: AccountRow): Account {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, name: row.name, isActive: row.isActive };
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/**
 * A display name from Google ('Ada King Lovelace') as first word and the rest ('Ada', 'King
 * Lovelace'), only when both parts pass the docs/product/rules-and-messages.md#validation rules; otherwise the person is asked.
 */
export function splitDisplayName(displayName: string | null): PersonName | null {
  const words = displayName?.trim().split(/\s+/u) ?? [];
  if (words.length < 2) return null;
  const parsed = personNameSchema.safeParse({ firstName: words[0], lastName: words.slice(1).join(' ') });
  return parsed.success ? parsed.data : null;
}

/**
 * Creates the account of an identity user on first call; later calls answer the stored one, so
 * the web app may register on every sign-in. `name` is only ever `${firstName} ${lastName}`.
 */
export async function registerAccount(db: Db, user: { uid: string; displayName: string | null }, clock: Clock) {
  const now = clock.now();
  const split = splitDisplayName(user.displayName);
  await db
    .insert(accounts)
    .values({
      id: user.uid,
      firstName: split?.firstName ?? null,
      lastName: split?.lastName ?? null,
      name: split ? `${split.firstName} ${split.lastName}` : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: accounts.id });
  const account = await findAccount(db, user.uid);
  if (!account) throw new Error('account upsert left no row');
  return account;
}

/** Stores the name, and mirrors it to the identity user so the next ID token's `name` claim matches. */
export async function updateAccountName(db: Db, userId: string, { firstName, lastName }: PersonName, clock: Clock) {
  const now = clock.now();
  const name = `${firstName} ${lastName}`;
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ firstName, lastName, name, updatedAt: now }).where(eq(accounts.id, userId));
    await tx.update(identityUsers).set({ displayName: name, updatedAt: now }).where(eq(identityUsers.id, userId));
  });
  return { firstName, lastName, name };
}
