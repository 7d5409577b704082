import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatUuid, randomId } from './ids';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a version 4 UUID, different each time', () => {
    const ids = new Set(Array.from({ length: 100 }, randomId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(uuidV4);
  });

  it('falls back to getRandomValues where randomUUID is missing (plain http pages)', () => {
    const getRandomValues = vi.fn((bytes: Uint8Array) => bytes.fill(0xab));
    vi.stubGlobal('crypto', { getRandomValues });
    expect(randomId()).toBe('abababab-abab-4bab-abab-abababababab');
    expect(getRandomValues).toHaveBeenCalledOnce();
  });

  it('falls back to Math.random without Web Crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(randomId()).toMatch(uuidV4);
  });
});

describe('formatUuid', () => {
  it.each([
    { fill: 0x00, expected: '00000000-0000-4000-8000-000000000000' },
    { fill: 0xff, expected: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
  ])('sets the version and variant bits over $fill', ({ fill, expected }) => {
    expect(formatUuid(new Uint8Array(16).fill(fill))).toBe(expected);
  });
});
