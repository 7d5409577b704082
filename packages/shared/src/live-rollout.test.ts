import { describe, expect, it } from 'vitest';
import {
  createRolloutSalt,
  isInRollout,
  murmurHash3,
  rolloutBucket,
  rolloutBucketAfter,
  rolloutInput,
  rolloutSaltPrefix,
} from './live-rollout';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Seeded player ids (mulberry32), so the simulations are the same on every run. */
function playerIds(count: number, seed: number): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0).toString(16).padStart(8, '0');
  };
  return Array.from({ length: count }, () => `${next()}-${next().slice(0, 4)}-${next()}`);
}

describe('murmurHash3 (x86, 32-bit)', () => {
  // The vectors implementers of MurmurHash3_x86_32 check against (ADR 020 lists them).
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['\0\0\0\0', 0, 0x2362f9de],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['aaa', 0x9747b28c, 0x283e0130],
    ['aa', 0x9747b28c, 0x5d211726],
    ['a', 0x9747b28c, 0x7fa09ea6],
    ['abcd', 0x9747b28c, 0xf0478627],
    ['abc', 0x9747b28c, 0xc84a62dd],
    ['ab', 0x9747b28c, 0x74875592],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['ππππππππ', 0x9747b28c, 0xd58063c1],
    ['a'.repeat(256), 0x9747b28c, 0x37405bdc],
    ['abc', 0, 0xb3dd93fa],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', 0, 0xee925b90],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
  ])('%j with seed %i is %i', (text, seed, hash) => {
    expect(murmurHash3(utf8(text), seed)).toBe(hash);
  });

  it("passes SMHasher's own verification (0xB0F57EE3)", () => {
    // SMHasher VerificationTest: hash keys {0}, {0,1}, … {0..254} with seed 256 - length, then hash the
    // 256 results written little-endian.
    const key = Uint8Array.from({ length: 256 }, (_, index) => index);
    const hashes = new DataView(new ArrayBuffer(1024));
    for (let length = 0; length < 256; length += 1) hashes.setUint32(length * 4, murmurHash3(key.subarray(0, length), 256 - length), true);
    expect(murmurHash3(new Uint8Array(hashes.buffer))).toBe(0xb0f57ee3);
  });
});

describe('rolloutBucket', () => {
  // ADR 020's vectors for other SDKs: murmurHash3(utf8(salt + ':' + userId), 0) % 10000.
  it.each([
    ['player-1', 'a1b2c3', 2870488429, 8429],
    ['player-2', 'a1b2c3', 91265983, 5983],
    ['', 'x', 2554223185, 3185],
    ['Ünïcødé-玩家', 'salt', 3459037741, 7741],
    ['8b1c0d2e-5f3a-4b6c-9d7e-1f2a3b4c5d6e', '9f86d081884c7d659a2feaa0', 1817638556, 8556],
  ])('player %j, salt %j: hash %i, bucket %i', (userId, salt, hash, bucket) => {
    expect(murmurHash3(utf8(`${salt}:${userId}`))).toBe(hash);
    expect(rolloutBucket(userId, salt)).toBe(bucket);
  });

  it('hashes the UTF-8 bytes TextEncoder gives, whatever the characters', () => {
    const ids = ['ascii', 'Ünïcødé', '玩家', 'player-🎮-1', '\uD83C', 'x\uDC00y', 'é'.repeat(300)];
    for (const id of ids) expect([id, rolloutBucket(id, 'salt')]).toEqual([id, murmurHash3(utf8(`salt:${id}`)) % 10_000]);
  });

  it('takes a player when the bucket is below percentage × 100', () => {
    // player-1 with salt a1b2c3 is in bucket 8429.
    const at = (percentage: number) => isInRollout('player-1', { percentage, salt: 'a1b2c3' });
    expect([at(0), at(84.29), at(84.3), at(100)]).toEqual([false, false, true, true]);
  });
});

describe('a salt hashed once (rolloutSaltPrefix, rolloutBucketAfter)', () => {
  const after = (userId: string, salt: string) => {
    const prefix = rolloutSaltPrefix(salt);
    return rolloutBucketAfter(prefix, rolloutInput(prefix.rest, userId));
  };

  it("gives ADR 020's buckets", () => {
    expect(after('player-1', 'a1b2c3')).toBe(8429);
    expect(after('', 'x')).toBe(3185);
    expect(after('Ünïcødé-玩家', 'salt')).toBe(7741);
    expect(after('8b1c0d2e-5f3a-4b6c-9d7e-1f2a3b4c5d6e', '9f86d081884c7d659a2feaa0')).toBe(8556);
  });

  it('gives the bucket rolloutBucket gives, for salts leaving 0 to 3 bytes and ids of every length and script', () => {
    // `salt:` of 4 to 7 bytes leaves 0, 1, 2 and 3 bytes after its whole blocks; two- to four-byte characters move the split.
    const salts = ['abc', 'abcd', 'abcde', 'abcdef', 'é', 'ab玩', '🎮', createRolloutSalt(), ''];
    const ids = ['', 'a', 'ab', 'abc', 'abcd', 'player-42', 'Ünïcødé-玩家', '\uD83C', 'x\uDC00y', '🎮'.repeat(5), ...playerIds(500, 7)];
    for (const salt of salts) {
      for (const id of ids) expect([salt, id, after(id, salt)]).toEqual([salt, id, rolloutBucket(id, salt)]);
    }
  });
});

describe('rollouts over many players', () => {
  const ids = playerIds(100_000, 20_261_125);

  it('takes between 29% and 31% of 100,000 players for a 30% rollout', () => {
    for (const salt of ['a1b2c3', createRolloutSalt()]) {
      const taken = ids.filter((id) => isInRollout(id, { percentage: 30, salt })).length;
      expect(taken).toBeGreaterThanOrEqual(29_000);
      expect(taken).toBeLessThanOrEqual(31_000);
    }
  });

  it('keeps every player of 10% when it rises to 20%, and adds about as many', () => {
    const salt = 'stable-salt';
    const at10 = ids.filter((id) => isInRollout(id, { percentage: 10, salt }));
    const at20 = new Set(ids.filter((id) => isInRollout(id, { percentage: 20, salt })));
    expect(at10.every((id) => at20.has(id))).toBe(true);
    expect(at20.size - at10.length).toBeGreaterThan(9_000);
    expect(at20.size - at10.length).toBeLessThan(11_000);
  });

  it('splits players independently for two salts', () => {
    const inFirst = ids.filter((id) => isInRollout(id, { percentage: 50, salt: 'first' }));
    const inBoth = inFirst.filter((id) => isInRollout(id, { percentage: 50, salt: 'second' })).length;
    expect(inBoth / inFirst.length).toBeGreaterThan(0.48);
    expect(inBoth / inFirst.length).toBeLessThan(0.52);
  });
});

describe('createRolloutSalt', () => {
  it('makes a new 24-digit salt each time', () => {
    const salts = new Set(Array.from({ length: 100 }, createRolloutSalt));
    expect(salts.size).toBe(100);
    for (const salt of salts) expect(salt).toMatch(/^[0-9a-f]{24}$/u);
  });
});
