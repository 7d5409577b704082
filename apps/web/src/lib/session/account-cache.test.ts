import { describe, expect, it } from 'vitest';

import { readCache } from './account-cache';

const day = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-21T12:00:00Z');

describe('readCache (24-hour account and organisation caches)', () => {
  it.each([
    ['a fresh entry', JSON.stringify({ data: { id: 'a' }, cachedAt: now - 1000 }), { id: 'a' }],
    ['an entry just under 24 hours old', JSON.stringify({ data: { id: 'a' }, cachedAt: now - day + 1 }), { id: 'a' }],
    ['an entry 24 hours old', JSON.stringify({ data: { id: 'a' }, cachedAt: now - day }), null],
    ['an entry from the future', JSON.stringify({ data: { id: 'a' }, cachedAt: now + 60_000 }), null],
    ['no cachedAt', JSON.stringify({ data: { id: 'a' } }), null],
    ['not JSON', '{oops', null],
    ['nothing', null, null],
  ])('%s', (_name, raw, expected) => {
    expect(readCache(raw, now)).toEqual(expected);
  });
});
