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
});
