// Seeded randomness for the demo population: the same seed gives the same players on every machine,
// and each player draws from a stream of its own, so no player's events depend on another's.

const UINT32 = 4_294_967_296;

/** mulberry32 (public domain): tiny and fast, plenty for synthetic data; never for anything secret. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  };
}

// murmur3's finaliser: every input bit flips about half the output bits.
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes safe integers (negative ones and ones past 32 bits too) into one well-spread 32-bit seed. */
export function mixSeed(...parts: readonly number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = fmix32(Math.imul(hash ^ (part >>> 0), 0x01000193) + 0x6d2b79f5);
    hash = fmix32(Math.imul(hash ^ (Math.floor(part / UINT32) >>> 0), 0x01000193) + 0x6d2b79f5);
  }
  return hash;
}

export class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A standard normal draw (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** Half the draws fall below `median`; `sigma` is the spread of the logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }
}

/** Picks items in proportion to their weight. Linear scan: the tables here have at most a few dozen rows. */
export class WeightedTable<T extends { readonly weight: number }> {
  private readonly items: readonly T[];
  private readonly total: number;
  private readonly last: T;

  constructor(items: readonly T[]) {
    const last = items.at(-1);
    if (!last) throw new RangeError('a weighted table needs at least one item');
    this.items = items;
    this.total = items.reduce((sum, item) => sum + item.weight, 0);
    this.last = last;
  }

  pick(random: Random): T {
    let target = random.next() * this.total;
    for (const item of this.items) {
      target -= item.weight;
      if (target < 0) return item;
    }
    return this.last; // floating-point leftovers
  }
}
