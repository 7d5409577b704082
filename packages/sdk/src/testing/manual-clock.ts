import type { Timers } from '../types';

interface Pending {
  handle: number;
  due: number;
  callback: () => void;
}

/**
 * A clock and timers that move only when a test says so: `advance(ms)` runs every timer falling due
 * on the way, in order, each at its own time. Nothing is left running when a test ends.
 */
export class ManualClock {
  private current: number;
  private pending: Pending[] = [];
  private lastHandle = 0;

  constructor(start = Date.parse('2026-05-01T12:00:00.000Z')) {
    this.current = start;
  }

  readonly now = (): number => this.current;

  readonly timers: Timers = {
    setTimeout: (callback, ms) => {
      this.lastHandle += 1;
      this.pending.push({ handle: this.lastHandle, due: this.current + Math.max(0, ms), callback });
      return this.lastHandle;
    },
    clearTimeout: (handle) => {
      this.pending = this.pending.filter((timer) => timer.handle !== handle);
    },
  };

  /** Whether a timer is set to fall due `ms` from now. */
  hasTimerDueIn(ms: number): boolean {
    return this.pending.some((timer) => timer.due === this.current + ms);
  }

  /** Timers set and not yet run or cleared. */
  get pendingTimers(): number {
    return this.pending.length;
  }

  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = this.pending
        .filter((timer) => timer.due <= target)
        .sort((a, b) => a.due - b.due || a.handle - b.handle)[0];
      if (next === undefined) break;
      this.pending = this.pending.filter((timer) => timer !== next);
      this.current = next.due;
      next.callback();
    }
    this.current = target;
  }
}
