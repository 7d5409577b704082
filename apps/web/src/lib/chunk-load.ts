// What counts as a failed page chunk, and when reloading the page may fix it (issue 3: a deploy
// replaced the chunk, so reload once; if it fails again, show the error screen).
import { CHUNK_LOAD_TIMEOUT_MS } from '@questboard/shared/limits';

/** docs/product/rules-and-messages.md#errors: a chunk load failure raises ChunkLoadError. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** sessionStorage key holding the time (ms since epoch) of the last reload made for a chunk. */
export const CHUNK_RELOAD_STORAGE_KEY = 'questboard-chunk-reload';

/**
 * After a reload, a failure within this window is the same failure again: do not reload, show the
 * error screen. It is longer than a reload plus a full chunk time-out, so a chunk that times out
 * again after the reload cannot start a reload loop.
 */
export const CHUNK_RELOAD_WINDOW_MS = CHUNK_LOAD_TIMEOUT_MS + 60_000;

/**
 * A chunk that loaded well only clears the reload mark once the page has settled this long after
 * the reload: a page whose layout chunk loads while its page chunk keeps failing must not loop.
 */
export const CHUNK_RELOAD_SETTLE_MS = 10_000;

// The messages browsers (and Vite's preload helper) give a dynamic import that could not load.
const CHUNK_FAILURE_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /unable to preload css/i, // Vite, when a chunk's stylesheet fails
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The stored reload time, or null when there is none or it is not a time. */
export function parseReloadMark(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Reload unless the page was reloaded for a chunk within the window. */
export function shouldReload(mark: number | null, now: number): boolean {
  return mark === null || now - mark >= CHUNK_RELOAD_WINDOW_MS || now < mark;
}

/** After a chunk loaded: forget the reload once the page has settled, so a later deploy reloads again. */
export function shouldClearReloadMark(mark: number | null, now: number): boolean {
  return mark !== null && (now - mark >= CHUNK_RELOAD_SETTLE_MS || now < mark);
}
