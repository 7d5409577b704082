import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { postgresCacheVersion } from './cache-version';

/** A pool whose answers the test releases one at a time; each answer is the version at release. */
function fakePool() {
  const pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  let version = 1;
  const pool = {
    query: () => new Promise((resolve, reject) => pending.push({ resolve, reject })),
  } as unknown as pg.Pool;
  const answer = async () => {
    pending.shift()?.resolve({ rows: [{ version: String(version) }] });
    await new Promise((resolve) => setImmediate(resolve));
  };
  const fail = async () => {
    pending.shift()?.reject(new Error('the server does not answer'));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pool, answer, fail, sent: () => pending.length, bump: () => (version += 1) };
}

const read = (source: ReturnType<typeof postgresCacheVersion>) => {
  if (source.kind !== 'shared') throw new Error('expected a shared source');
  return source.read();
};

describe('the PostgreSQL cache version', () => {
  it('a request arriving while a read is on its way gets the next read, sent after it arrived', async () => {
    const db = fakePool();
    const source = postgresCacheVersion(db.pool);
    const first = read(source);
    // Another server commits a change; then two more requests arrive before the first read is back.
    db.bump();
    const second = read(source);
    const third = read(source);
    expect(db.sent()).toBe(1);
    await db.answer();
    expect(await first).toBe(2);
    // One more read for both waiters, sent after they arrived.
    expect(db.sent()).toBe(1);
    db.bump();
    await db.answer();
    expect([await second, await third]).toEqual([3, 3]);
  });

  it('when the read on its way fails, its waiters fail with it without a second wait', async () => {
    const db = fakePool();
    const source = postgresCacheVersion(db.pool);
    const first = read(source);
    const second = read(source);
    const outcome = Promise.allSettled([first, second]);
    await db.fail();
    expect((await outcome).map((settled) => settled.status)).toEqual(['rejected', 'rejected']);
    expect(db.sent()).toBe(0);
  });
});
