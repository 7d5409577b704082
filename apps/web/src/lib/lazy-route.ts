// Every lazy route module of app/router.tsx loads through lazyRoute (issue 3): a 120-second
// time-out (docs/product/http-contract.md#core-calls), and one page reload when a chunk cannot load because a deploy
// replaced it. If the reload did not help, the error reaches the route error screen.
import { CHUNK_LOAD_TIMEOUT_MS } from '@questboard/shared/limits';

import {
  CHUNK_RELOAD_STORAGE_KEY,
  ChunkLoadError,
  isChunkLoadError,
  parseReloadMark,
  shouldClearReloadMark,
  shouldReload,
} from './chunk-load';
import { browserPage } from './reload-page';

type ReloadMarkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LazyRouteOptions {
  timeoutMs?: number;
  now?: () => number;
  reload?: () => void;
  /** Where the reload is remembered; may throw or be missing (blocked storage). */
  storage?: () => ReloadMarkStorage | undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ChunkLoadError(`A page chunk did not load within ${ms / 1000} seconds`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

export function createLazyRoute({
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  now = Date.now,
  reload = () => browserPage.reload(),
  storage = () => window.sessionStorage,
}: LazyRouteOptions = {}) {
  // Set once this page has asked for a reload: other chunks failing meanwhile just wait for it.
  let reloading = false;

  /** Marks and answers whether to reload. Without storage there is no loop guard, so no reload. */
  function claimReload(): boolean {
    try {
      const store = storage();
      if (!store || !shouldReload(parseReloadMark(store.getItem(CHUNK_RELOAD_STORAGE_KEY)), now())) return false;
      store.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now()));
      return true;
    } catch {
      return false;
    }
  }

  function clearSettledMark(): void {
    try {
      const store = storage();
      if (store && shouldClearReloadMark(parseReloadMark(store.getItem(CHUNK_RELOAD_STORAGE_KEY)), now())) {
        store.removeItem(CHUNK_RELOAD_STORAGE_KEY);
      }
    } catch {
      // Best effort: a stale mark only costs one automatic reload later.
    }
  }

  return function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
    return async () => {
      let module: T;
      try {
        module = await withTimeout(load(), timeoutMs);
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        if (!reloading && claimReload()) {
          reloading = true;
          reload();
        }
        // Never settles: the page is going away, and the error screen must not flash first.
        if (reloading) return new Promise<T>(() => undefined);
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError((error as Error).message, { cause: error });
      }
      clearSettledMark();
      return module;
    };
  };
}

export const lazyRoute = createLazyRoute();
