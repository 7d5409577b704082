import type { Clock } from './clock';

/**
 * Fixed-window counters in memory: `limit` hits per `windowMs` for each key. With one process
 * (ADR 001) that is the whole limit. With several on one PostgreSQL, the limits of minutes count in
 * the database (rate-limits.ts) and the per-second ones of the hot paths take `processes`: each
 * process allows its share, `limit / processes` (ADR 032).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private sweptAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    private readonly processes: () => number = () => 1,
  ) {}

  /** This process's share of the limit. */
  private get share() {
    const processes = this.processes();
    return processes <= 1 ? this.limit : Math.max(1, Math.floor(this.limit / processes));
  }

  /**
   * Counts a hit of `cost` (1 request, or a batch's events); answers whether it is allowed and, when
   * not, the seconds until it will be. A refused hit is not counted: a smaller one may still fit.
   */
  hit(key: string, cost = 1): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.clock.now().getTime();
    const limit = this.share;
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (cost > limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(this.windowMs / 1000)) };
      this.windows.set(key, { startedAt: now, count: cost });
      this.sweep(now);
      return { allowed: true };
    }
    if (window.count + cost <= limit) {
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
