import type { CacheVersionSource } from './cache-version';

/**
 * What one request may read from the caches: taken once at its start (on PostgreSQL after reading
 * the version), so everything it reads is at least as new as the database was then.
 */
export interface CacheView {
  readonly generation: number;
  /** A slower request saw an older version than the cache holds: it reads the database, and keeps nothing. */
  readonly behind: boolean;
}

/**
 * The in-process caches of users, accounts, memberships, sessions, ingestion keys and project pages
 * (ADR 019). Every change to those tables clears them all: such changes are rare next to the reads,
 * and one rule is easy to get exactly right. A value read while a change committed is not kept.
 */
export class StateCache {
  #generation = 0;
  #version = -1;
  readonly #memos: Memo<unknown>[] = [];

  constructor(private readonly source: CacheVersionSource) {}

  /** Subscribes to the database's change notifications (PGlite); before the first request. */
  async start(): Promise<void> {
    if (this.source.kind === 'in-process') await this.source.subscribe(() => this.clear());
  }

  get generation(): number {
    return this.#generation;
  }

  /** Once per request, before its first cached read: on PostgreSQL one indexed read of the version. */
  async view(): Promise<CacheView> {
    if (this.source.kind === 'in-process') return { generation: this.#generation, behind: false };
    const version = await this.source.read();
    if (version > this.#version) {
      this.clear();
      this.#version = version;
    }
    return { generation: this.#generation, behind: version < this.#version };
  }

  clear(): void {
    this.#generation += 1;
    for (const memo of this.#memos) memo.clear();
  }

  /** A named map from key to loaded value, bounded to `maxEntries` (the oldest entry goes first). */
  memo<V>(maxEntries: number, options: { keepMisses?: boolean } = {}): Memo<V> {
    const memo = new Memo<V>(this, maxEntries, options.keepMisses ?? true);
    this.#memos.push(memo);
    return memo;
  }
}

export class Memo<V> {
  readonly #entries = new Map<string, V>();

  constructor(
    private readonly cache: StateCache,
    private readonly maxEntries: number,
    private readonly keepMisses: boolean,
  ) {}

  async get(view: CacheView, key: string, load: () => Promise<V>): Promise<V> {
    const current = !view.behind && view.generation === this.cache.generation;
    if (current && this.#entries.has(key)) return this.#entries.get(key) as V;
    const value = await load();
    // A change committed while loading has cleared the cache: what was read may predate it.
    if (current && view.generation === this.cache.generation && (value !== undefined || this.keepMisses)) {
      if (this.#entries.size >= this.maxEntries)
        for (const oldest of this.#entries.keys()) {
          this.#entries.delete(oldest);
          break;
        }
      this.#entries.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Maps iterate in insertion order: the first key is the oldest. */
export function dropOldest(map: Map<string, unknown>): void {
  for (const oldest of map.keys()) {
    map.delete(oldest);
    return;
  }
}
