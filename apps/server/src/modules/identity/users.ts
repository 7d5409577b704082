import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { identityUsers } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../http-error';

export type IdentityUser = typeof identityUsers.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.email, email)).limit(1);
  return user;
}

/** Completing an e-mail link proves the address: create the user or mark it verified. */
export async function upsertEmailLinkUser(db: Db, email: string, clock: Clock): Promise<IdentityUser> {
  const now = clock.now();
  const [user] = await db
    .insert(identityUsers)
    .values({ email, emailVerified: true, createdAt: now, updatedAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: identityUsers.email, set: { emailVerified: true, updatedAt: now, lastSignInAt: now } })
    .returning();
  if (!user) throw new Error('user upsert returned nothing');
  return user;
}

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * Google users are identified by `sub`. An existing e-mail account is linked only when both sides
 * have a verified address (docs/product/security-cases.md case 21); an unverified Google address never signs in.
 */
export async function upsertGoogleUser(db: Db, profile: GoogleProfile, clock: Clock): Promise<IdentityUser> {
  if (!profile.emailVerified) {
    throw new HttpError(403, 'GOOGLE_EMAIL_UNVERIFIED', 'Your Google account has no verified e-mail address.');
  }
  const now = clock.now();
  const profileFields = { displayName: profile.name, photoUrl: profile.picture, updatedAt: now, lastSignInAt: now };
  const [bySubject] = await db.select().from(identityUsers).where(eq(identityUsers.googleSubject, profile.subject)).limit(1);
  if (bySubject) {
    const [updated] = await db.update(identityUsers).set(profileFields).where(eq(identityUsers.id, bySubject.id)).returning();
    return updated ?? bySubject;
  }
  const byEmail = await findUserByEmail(db, profile.email);
  if (byEmail) {
    if (!byEmail.emailVerified || byEmail.googleSubject) {
      throw new HttpError(409, 'ACCOUNT_NOT_LINKABLE', 'This e-mail address belongs to another account. Sign in with an e-mail link instead.');
    }
    const [linked] = await db
      .update(identityUsers)
      .set({ ...profileFields, googleSubject: profile.subject, displayName: byEmail.displayName ?? profile.name })
      .where(eq(identityUsers.id, byEmail.id))
      .returning();
    return linked ?? byEmail;
  }
  const [created] = await db
    .insert(identityUsers)
    .values({ email: profile.email, emailVerified: true, googleSubject: profile.subject, ...profileFields, createdAt: now })
    .returning();
  if (!created) throw new Error('user insert returned nothing');
  return created;
}
