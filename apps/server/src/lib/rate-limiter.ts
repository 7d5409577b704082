import type { Clock } from './clock';

/**
 * Fixed-window counters in memory: `limit` hits per `windowMs` for each key. One process serves
 * the product (ADR 001), so memory is the right place; a multi-instance deployment would move this
 * to the database.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private sweptAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts a hit of `cost` (1 request, or a batch's events); answers whether it is allowed and, when
   * not, the seconds until it will be. A refused hit is not counted: a smaller one may still fit.
   */
  hit(key: string, cost = 1): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (cost > this.limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(this.windowMs / 1000)) };
      this.windows.set(key, { startedAt: now, count: cost });
      this.sweep(now);
      return { allowed: true };
    }
    if (window.count + cost <= this.limit) {
      window.count += cost;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)) };
  }

  /** Gives back what a hit took when its work was not done after all (a batch not stored). */
  refund(key: string, cost = 1) {
    const window = this.windows.get(key);
    if (window) window.count = Math.max(0, window.count - cost);
  }

  /** Drops ended windows, at most once a window: with many keys (every player's address) a sweep per hit would cost O(keys). */
  private sweep(now: number) {
    if (this.windows.size < 10_000 || now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }

  /** Keys with a window in memory (for tests of the sweep). */
  get size() {
    return this.windows.size;
  }
}
