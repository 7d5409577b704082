// Issue 20: load shedding for the analytics reads. Under 200 concurrent clients every overview was
// queued behind the others until its p99 passed the web app's 30 s time-out. A few queries at once
// keep DuckDB's threads (and libuv's, which the writer needs too) busy without thrashing; a short
// queue absorbs a burst; beyond it the client is told to come back (503 with Retry-After).

export interface GateLimits {
  /** Analytics computations running at once. */
  running: number;
  /** Computations waiting for a slot at most; one more is refused. */
  queued: number;
}

/**
 * Two at once: the store runs DuckDB on two threads, so a third query only slows the others down.
 * Twenty waiting: at a few hundred milliseconds a computation, the last one starts within about 2 s.
 */
export const defaultGateLimits: GateLimits = { running: 2, queued: 20 };

/** Seconds a refused client should wait: about the time the queue takes to drain. */
export const analyticsRetryAfterSeconds = 2;

/** The analytics queue is full: nothing was computed; retry after `retryAfterSeconds`. */
export class AnalyticsBusyError extends Error {
  readonly retryAfterSeconds = analyticsRetryAfterSeconds;
  constructor() {
    super('The analytics queries are busy');
    this.name = 'AnalyticsBusyError';
  }
}

/** At most `running` pieces of work at once, at most `queued` waiting (first come, first served). */
export class QueryGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: GateLimits = defaultGateLimits) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.running) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.limits.queued) throw new AnalyticsBusyError();
      // The slot of the work that ends is handed over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** For tests and diagnosis: how many run and how many wait. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }
}
