import { describe, expect, it } from 'vitest';

import { CHUNK_LOAD_TIMEOUT_MS } from '@questboard/shared/limits';

import {
  CHUNK_RELOAD_SETTLE_MS,
  CHUNK_RELOAD_WINDOW_MS,
  ChunkLoadError,
  isChunkLoadError,
  parseReloadMark,
  shouldClearReloadMark,
  shouldReload,
} from './chunk-load';

describe('ChunkLoadError', () => {
  it('is an Error named ChunkLoadError', () => {
    const error = new ChunkLoadError('gone');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ChunkLoadError');
  });
});

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('isChunkLoadError', () => {
  it.each<[string, unknown, boolean]>([
    ['a ChunkLoadError', new ChunkLoadError('timed out'), true],
    ['any error named ChunkLoadError', named('ChunkLoadError'), true],
    [
      'Chromium',
      new TypeError('Failed to fetch dynamically imported module: https://q.example/assets/login-abc.js'),
      true,
    ],
    ['Safari', new TypeError('Importing a module script failed.'), true],
    ['Firefox', new TypeError('error loading dynamically imported module: https://q.example/a.js'), true],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/login-abc.css'), true],
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['a failed API call', new Error('Failed to fetch'), false],
    ['a string', 'Failed to fetch dynamically imported module', false],
    ['nothing', undefined, false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('parseReloadMark', () => {
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['1700000000000', 1_700_000_000_000],
    ['soon', null],
    ['-5', null],
    ['12.5', null],
  ])('%j → %j', (value, expected) => {
    expect(parseReloadMark(value)).toBe(expected);
  });
});

const T = 1_700_000_000_000;

describe('shouldReload', () => {
  it('waits longer than a reload plus a full chunk time-out', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBeGreaterThan(CHUNK_LOAD_TIMEOUT_MS);
  });

  it.each<[string, number | null, number, boolean]>([
    ['never reloaded', null, T, true],
    ['reloaded a moment ago', T, T + 1_500, false],
    ['reloaded, then the chunk timed out again', T, T + CHUNK_LOAD_TIMEOUT_MS + 5_000, false],
    ['reloaded 1 ms before the window ends', T, T + CHUNK_RELOAD_WINDOW_MS - 1, false],
    ['reloaded exactly a window ago', T, T + CHUNK_RELOAD_WINDOW_MS, true],
    ['reloaded an hour ago', T, T + 3_600_000, true],
    ['a mark from the future (clock changed)', T + 60_000, T, true],
  ])('%s → %s', (_name, mark, now, expected) => {
    expect(shouldReload(mark, now)).toBe(expected);
  });
});

describe('shouldClearReloadMark', () => {
  it.each<[string, number | null, number, boolean]>([
    ['no mark', null, T, false],
    ['a chunk loaded right after the reload', T, T + 800, false],
    ['1 ms before the page settles', T, T + CHUNK_RELOAD_SETTLE_MS - 1, false],
    ['once the page settled', T, T + CHUNK_RELOAD_SETTLE_MS, true],
    ['a mark from the future', T + 60_000, T, true],
  ])('%s → %s', (_name, mark, now, expected) => {
    expect(shouldClearReloadMark(mark, now)).toBe(expected);
  });
});
