import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { databaseTargets } from '../../../test/databases';
import { openDatabase, type Database } from '../../db/database';
import { signingKeys } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { createIdTokenVerifier, issueIdToken, type IdTokenSubject } from './id-tokens';
import { SharedSigningKeys } from './shared-signing-keys';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');
const audience = { issuer: 'http://localhost:3000/auth/v1', audience: 'installation' };
const subject: IdTokenSubject = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'ada@pixel.example',
  emailVerified: true,
  name: null,
  picture: null,
  provider: 'emailLink',
  authTime: new Date('2026-01-15T12:00:00Z'),
  sessionId: '00000000-0000-4000-8000-000000000002',
  organisation: null,
};

/** Two processes' key sets on one PostgreSQL database (ADR 032). */
describe.skipIf(!postgres)('signing keys shared through PostgreSQL', () => {
  let storage: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let databases: Database[];
  const clock = manualClock();

  beforeEach(async () => {
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

  it('creates one key however many processes start at once, and every process signs with it', async () => {
    const loaded = await Promise.all([...databases, ...databases].map((database) => SharedSigningKeys.load(database.db, clock, { refreshMs: 0 })));
    expect(new Set(loaded.map((keys) => keys.kid)).size).toBe(1);
    expect((await databases[0]!.db.select({ n: count() }).from(signingKeys))[0]!.n).toBe(1);
  });

  it('a rotation on one process verifies on the other at once, and the other signs with the new key after its reload', async () => {
    const [a, b] = await Promise.all(databases.map((database) => SharedSigningKeys.load(database.db, clock, { refreshMs: 0 })));
    const before = a!.kid;
    const verifyOnB = createIdTokenVerifier(b!, audience, clock);
    const newKid = await a!.rotate();
    expect(newKid).not.toBe(before);
    // B has not reloaded yet: a token signed with the new key makes it read the keys once.
    const token = (await issueIdToken(a!, audience, subject, clock)).idToken;
    expect((await verifyOnB(token)).sub).toBe(subject.userId);
    expect(b!.kid).toBe(newKid);
    // The retired key stays published for a day, so tokens it signed keep verifying.
    expect(b!.jwks.keys.map((key) => key.kid).sort()).toEqual([before, newKid].sort());
    clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await b!.reload()).toBe(true);
    expect(b!.jwks.keys.map((key) => key.kid)).toEqual([newKid]);
  });

  it('rotates a key older than 90 days at the next reload, once for all processes', async () => {
    const [a, b] = await Promise.all(databases.map((database) => SharedSigningKeys.load(database.db, clock, { refreshMs: 0 })));
    const old = a!.kid;
    clock.advance(91 * 24 * 60 * 60 * 1000);
    await Promise.all([a!.reload(), b!.reload()]);
    expect(a!.kid).not.toBe(old);
    expect(b!.kid).toBe(a!.kid);
    expect((await databases[0]!.db.select({ n: count() }).from(signingKeys))[0]!.n).toBe(2);
  });

  it('reads the keys for an unknown kid at most once every five seconds', async () => {
    const [a, b] = await Promise.all(databases.map((database) => SharedSigningKeys.load(database.db, clock, { refreshMs: 0 })));
    await a!.rotate();
    expect(await b!.reloadForUnknownKey()).toBe(true);
    await a!.rotate();
    expect(await b!.reloadForUnknownKey()).toBe(false);
    clock.advance(5_000);
    expect(await b!.reloadForUnknownKey()).toBe(true);
    expect(b!.kid).toBe(a!.kid);
  });
});
