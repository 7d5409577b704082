// docs/product/live-ops.md#rollouts and ADR 020: which players a percentage rollout takes. The hash is
// MurmurHash3 x86 32-bit (seed 0) of the UTF-8 bytes of `salt:userId`, as Unleash buckets players, so
// an SDK in any language can reproduce it bit for bit from the ADR's test vectors.

/** A rollout splits players into this many buckets: percentages have two decimals. */
export const ROLLOUT_BUCKETS = 10_000;

// Reused for every hash: the server hashes once per rollout rule per request (ADR 020, bench live).
let scratch = new Uint8Array(256);

/** The UTF-8 bytes of `text` in the scratch buffer (a view valid until the next call). */
function utf8(text: string): Uint8Array {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      scratch[length++] = code;
      continue;
    }
    if (code < 0x800) {
      scratch[length++] = 0xc0 | (code >> 6);
    } else {
      const next = text.charCodeAt(index + 1);
      if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        // A surrogate pair: one code point, four bytes.
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        index += 1;
        scratch[length++] = 0xf0 | (code >> 18);
        scratch[length++] = 0x80 | ((code >> 12) & 0x3f);
      } else {
        // A lone surrogate is written as U+FFFD, as TextEncoder does.
        if (code >= 0xd800 && code < 0xe000) code = 0xfffd;
        scratch[length++] = 0xe0 | (code >> 12);
      }
      scratch[length++] = 0x80 | ((code >> 6) & 0x3f);
    }
    scratch[length++] = 0x80 | (code & 0x3f);
  }
  return scratch.subarray(0, length);
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

function mixBlock(block: number): number {
  return Math.imul(rotateLeft(Math.imul(block, 0xcc9e2d51), 15), 0x1b873593);
}

/** MurmurHash3's body: the 4-byte blocks of `bytes` up to `end` (a multiple of 4), read little-endian whatever the machine. */
function mixBlocks(hash: number, bytes: Uint8Array, end: number): number {
  for (let index = 0; index < end; index += 4) {
    const block = (bytes[index] ?? 0) | ((bytes[index + 1] ?? 0) << 8) | ((bytes[index + 2] ?? 0) << 16) | ((bytes[index + 3] ?? 0) << 24);
    hash ^= mixBlock(block);
    hash = (Math.imul(rotateLeft(hash, 13), 5) + 0xe6546b64) | 0;
  }
  return hash;
}

/** MurmurHash3's tail (the bytes of `bytes` from `tail` on, 0 to 3) and finalisation, for an input of `length` bytes in all. */
function finish(hash: number, bytes: Uint8Array, tail: number, length: number): number {
  let last = 0;
  for (let index = bytes.length - 1; index >= tail; index -= 1) last = (last << 8) | (bytes[index] ?? 0);
  if (bytes.length > tail) hash ^= mixBlock(last);
  hash ^= length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** MurmurHash3_x86_32 (Austin Appleby, SMHasher), as an unsigned 32-bit integer. */
export function murmurHash3(bytes: Uint8Array, seed = 0): number {
  const tail = bytes.length - (bytes.length % 4);
  return finish(mixBlocks(seed | 0, bytes, tail), bytes, tail, bytes.length);
}

/** The player's bucket in a rollout, an integer in [0, 10000): the same for the same player and salt, everywhere. */
export function rolloutBucket(userId: string, salt: string): number {
  return murmurHash3(utf8(`${salt}:${userId}`)) % ROLLOUT_BUCKETS;
}

/**
 * Whether a player is in a rollout of `percentage` (0 to 100, two decimals): its bucket is below
 * percentage × 100. Raising the percentage only adds buckets, so nobody already in drops out.
 */
export function isInRollout(userId: string, rollout: { percentage: number; salt: string }): boolean {
  return rolloutBucket(userId, rollout.salt) < Math.round(rollout.percentage * 100);
}

/**
 * A rule's salt hashed once, for a server that buckets many players with it (ADR 021): MurmurHash3's
 * state after the whole 4-byte blocks of `salt:`, and the 0 to 3 bytes left over. The bucket is
 * the same as `rolloutBucket` gives, bit for bit (live-rollout.test.ts compares them).
 */
export interface RolloutSaltPrefix {
  state: number;
  /** The bytes of `salt:` after its whole blocks: they start the input `rolloutBucketAfter` reads. */
  rest: Uint8Array;
  /** How many bytes the state has read. */
  read: number;
}

export function rolloutSaltPrefix(salt: string): RolloutSaltPrefix {
  const bytes = utf8(`${salt}:`);
  const whole = bytes.length - (bytes.length % 4);
  return { state: mixBlocks(0, bytes, whole), rest: bytes.slice(whole), read: whole };
}

/** The UTF-8 bytes of a player id after `rest` (a prefix's leftover bytes), in a new array: the input of `rolloutBucketAfter`. */
export function rolloutInput(rest: Uint8Array, userId: string): Uint8Array {
  const id = utf8(userId);
  const input = new Uint8Array(rest.length + id.length);
  input.set(rest);
  input.set(id, rest.length);
  return input;
}

/** `rolloutBucket(userId, salt)` from the salt's prefix and `rolloutInput(prefix.rest, userId)`. */
export function rolloutBucketAfter(prefix: RolloutSaltPrefix, input: Uint8Array): number {
  const tail = input.length - (input.length % 4);
  return finish(mixBlocks(prefix.state, input, tail), input, tail, prefix.read + input.length) % ROLLOUT_BUCKETS;
}

/** A new rule's salt: 24 random hex digits, made once when the rule is created and never changed. */
export function createRolloutSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
