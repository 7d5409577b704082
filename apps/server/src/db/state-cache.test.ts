import { describe, expect, it } from 'vitest';
import type { CacheVersionSource } from './cache-version';
import { StateCache } from './state-cache';

function inProcess() {
  let notify: () => void = () => undefined;
  const source: CacheVersionSource = {
    kind: 'in-process',
    subscribe: async (onChange) => {
      notify = onChange;
    },
  };
  return { source, change: () => notify() };
}

function shared(start = 1) {
  let version = start;
  let reads = 0;
  const source: CacheVersionSource = {
    kind: 'shared',
    read: async () => {
      reads += 1;
      return version;
    },
  };
  return { source, bump: () => (version += 1), set: (v: number) => (version = v), reads: () => reads };
}

function counter(values: string[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)],
    calls: () => calls,
  };
}

describe('state cache, one process (PGlite)', () => {
  it('answers from memory until the database says something changed', async () => {
    const db = inProcess();
    const cache = new StateCache(db.source);
    await cache.start();
    const memo = cache.memo<string | undefined>(10);
    const loads = counter(['old', 'new']);
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('old');
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('old');
    expect(loads.calls()).toBe(1);
    db.change();
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('new');
    expect(loads.calls()).toBe(2);
  });

  it('does not keep a value read while a change committed', async () => {
    const db = inProcess();
    const cache = new StateCache(db.source);
    await cache.start();
    const memo = cache.memo<string>(10);
    const view = await cache.view();
    const racing = await memo.get(view, 'user', async () => {
      db.change();
      return 'read before the change';
    });
    expect(racing).toBe('read before the change');
    expect(await memo.get(await cache.view(), 'user', async () => 'after')).toBe('after');
  });

  it('keeps misses only when asked, and drops the oldest entry past its bound', async () => {
    const cache = new StateCache(inProcess().source);
    const keys = cache.memo<string | undefined>(2, { keepMisses: false });
    const view = await cache.view();
    const misses = counter([]);
    await keys.get(view, 'unknown', misses.load);
    await keys.get(view, 'unknown', misses.load);
    expect(misses.calls()).toBe(2);
    await keys.get(view, 'a', async () => 'a');
    await keys.get(view, 'b', async () => 'b');
    await keys.get(view, 'c', async () => 'c');
    expect(keys.size).toBe(2);
    expect(await keys.get(view, 'a', async () => 'a again')).toBe('a again');
  });
});

describe('state cache, several processes (PostgreSQL)', () => {
  it('reads the version once per view and clears when another process changed something', async () => {
    const db = shared();
    const cache = new StateCache(db.source);
    const memo = cache.memo<string | undefined>(10);
    const loads = counter(['old', 'new']);
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('old');
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('old');
    expect(db.reads()).toBe(2);
    db.bump();
    expect(await memo.get(await cache.view(), 'user', loads.load)).toBe('new');
    expect(loads.calls()).toBe(2);
  });

  it('a request that saw an older version reads the database and keeps nothing', async () => {
    const db = shared(5);
    const cache = new StateCache(db.source);
    const memo = cache.memo<string>(10);
    await cache.view();
    // Its read was sent before the newer one but answered after it.
    db.set(4);
    const slow = await cache.view();
    expect(slow.behind).toBe(true);
    expect(await memo.get(slow, 'user', async () => 'from the database')).toBe('from the database');
    expect(memo.size).toBe(0);
  });

  it('a view taken before a newer version cleared the cache keeps nothing it loads', async () => {
    const db = shared();
    const cache = new StateCache(db.source);
    const memo = cache.memo<string>(10);
    const early = await cache.view();
    db.bump();
    const value = await memo.get(early, 'user', async () => {
      await cache.view();
      return 'maybe stale';
    });
    expect(value).toBe('maybe stale');
    expect(memo.size).toBe(0);
  });
});
