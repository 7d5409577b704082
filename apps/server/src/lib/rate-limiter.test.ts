import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key, then says how long to wait', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(3, 60_000, clock);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('b').allowed).toBe(true);
    clock.advance(59_500);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(500);
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('allows each of several processes its share of the limit, as their number changes (ADR 032)', () => {
    const clock = manualClock();
    let processes = 3;
    const limiter = new RateLimiter(10, 1000, clock, () => processes);
    expect(Array.from({ length: 4 }, () => limiter.hit('key').allowed)).toEqual([true, true, true, false]);
    processes = 1;
    expect(Array.from({ length: 8 }, () => limiter.hit('key').allowed)).toEqual([true, true, true, true, true, true, true, false]);
    // A share is never below one hit a window, however many processes there are.
    processes = 50;
    clock.advance(1000);
    expect([limiter.hit('key').allowed, limiter.hit('key').allowed]).toEqual([true, false]);
  });

  it('counts hits by their cost, and a refused hit takes nothing from the window', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(1000, 60_000, clock);
    expect(limiter.hit('p', 600).allowed).toBe(true);
    expect(limiter.hit('p', 500)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('p', 400).allowed).toBe(true);
    expect(limiter.hit('p', 1).allowed).toBe(false);
    limiter.refund('p', 400);
    expect(limiter.hit('p', 400).allowed).toBe(true);
    // More than a whole window's allowance is refused even in a fresh window.
    expect(limiter.hit('q', 1001)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('drops ended windows once it holds many keys, keeping the running ones', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(5, 1000, clock);
    for (let i = 0; i < 10_000; i += 1) limiter.hit(`old-${i}`);
    clock.advance(1000);
    limiter.hit('new-0');
    expect(limiter.size).toBe(1);
    for (let i = 1; i < 10_000; i += 1) limiter.hit(`new-${i}`);
    clock.advance(500);
    // The new windows have not ended; no second sweep within the window.
    limiter.hit('late');
    expect(limiter.size).toBe(10_001);
  });
});
