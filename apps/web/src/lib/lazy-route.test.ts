import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_RELOAD_SETTLE_MS, CHUNK_RELOAD_STORAGE_KEY, CHUNK_RELOAD_WINDOW_MS } from './chunk-load';
import type { ChunkLoadError } from './chunk-load';
import { createLazyRoute } from './lazy-route';

const T = 1_700_000_000_000;
const module = { Component: () => null };
const chromiumFailure = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://q.example/assets/a.js'));
const hang = () => new Promise<never>(() => undefined);

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type Outcome = 'pending' | { value: unknown } | { error: unknown };

/** Follows a promise; the returned function lets it run as far as it can without timers, then says how it ended. */
function track(promise: Promise<unknown>): () => Promise<Outcome> {
  let result: Outcome = 'pending';
  promise.then(
    (value: unknown) => (result = { value }),
    (error: unknown) => (result = { error }),
  );
  return async () => {
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
    return result;
  };
}

let storage: ReturnType<typeof memoryStorage>;
let reload: ReturnType<typeof vi.fn<() => void>>;

function setup(marks: Record<string, string> = {}) {
  storage = memoryStorage(marks);
  reload = vi.fn<() => void>();
  return createLazyRoute({ now: () => Date.now(), reload, storage: () => storage });
}

beforeEach(() => {
  vi.useFakeTimers({ now: T });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyRoute', () => {
  it('resolves with the route module and leaves no timer behind', async () => {
    const lazyRoute = setup();
    await expect(lazyRoute(() => Promise.resolve(module))()).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('rejects with a ChunkLoadError when the import has not settled after 120 s', async () => {
    const lazyRoute = setup({ [CHUNK_RELOAD_STORAGE_KEY]: String(T) });
    const loading = track(lazyRoute(hang)());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await loading()).toMatchObject({ error: { name: 'ChunkLoadError' } });
    expect(reload).not.toHaveBeenCalled();
  });

  it('is still waiting 1 ms before the time-out', async () => {
    const lazyRoute = setup({ [CHUNK_RELOAD_STORAGE_KEY]: String(T) });
    const loading = track(lazyRoute(hang)());
    await vi.advanceTimersByTimeAsync(120_000 - 1);
    expect(await loading()).toBe('pending');
    expect(vi.getTimerCount()).toBeGreaterThan(0);
  });

  it('reloads the page once when a chunk fails, remembering when, and keeps the route waiting', async () => {
    const lazyRoute = setup();
    const loading = track(lazyRoute(chromiumFailure)());
    expect(await loading()).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(T));
  });

  it('reloads when the chunk times out', async () => {
    const lazyRoute = setup();
    const loading = track(lazyRoute(hang)());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await loading()).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the error instead when the page was just reloaded for a chunk', async () => {
    const lazyRoute = setup({ [CHUNK_RELOAD_STORAGE_KEY]: String(T - 2_000) });
    const result = await track(lazyRoute(chromiumFailure)())();
    const { error } = result as { error: ChunkLoadError };
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toContain('/assets/a.js');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again for a failure long after the last reload', async () => {
    const lazyRoute = setup({ [CHUNK_RELOAD_STORAGE_KEY]: String(T - CHUNK_RELOAD_WINDOW_MS) });
    expect(await track(lazyRoute(chromiumFailure)())()).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads only once when several chunks of the page fail', async () => {
    const lazyRoute = setup();
    const layout = track(lazyRoute(chromiumFailure)());
    const page = track(lazyRoute(chromiumFailure)());
    expect([await layout(), await page()]).toEqual(['pending', 'pending']);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('rethrows errors that are not chunk failures, without reloading', async () => {
    const lazyRoute = setup();
    const bug = new ReferenceError('config is not defined');
    expect(await track(lazyRoute(() => Promise.reject(bug))())()).toEqual({ error: bug });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the reload cannot be remembered (storage blocked)', async () => {
    reload = vi.fn<() => void>();
    const lazyRoute = createLazyRoute({
      reload,
      storage: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(await track(lazyRoute(chromiumFailure)())()).toMatchObject({ error: { name: 'ChunkLoadError' } });
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['keeps the mark when a chunk loads right after the reload', 1_000, true],
    ['clears the mark once the page has settled', CHUNK_RELOAD_SETTLE_MS, false],
  ])('%s', async (_name, sinceReload, kept) => {
    const lazyRoute = setup({ [CHUNK_RELOAD_STORAGE_KEY]: String(T - sinceReload) });
    await lazyRoute(() => Promise.resolve(module))();
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) !== null).toBe(kept);
  });
});
