import { describe, expect, it } from 'vitest';
import { Random } from '../../demo/demo-random';
import { GENERATION_TAGS, nextGeneration } from './clickhouse-rollups';

// ADR 037: a rollup refresh writes its rows under a generation, and a read takes the rows of the
// day's current one. Two processes that refreshed the same day in the same millisecond once wrote
// under one generation, and the overview counted that day's events twice.
describe('nextGeneration', () => {
  it.each([
    { case: 'the first refresh of an instance', last: 0, nowMs: 1_700_000_000_000, tag: 7, expected: 1_700_000_000_000_007 },
    { case: 'a later millisecond', last: 1_700_000_000_000_007, nowMs: 1_700_000_000_005, tag: 7, expected: 1_700_000_000_005_007 },
    { case: 'the same millisecond again', last: 1_700_000_000_000_007, nowMs: 1_700_000_000_000, tag: 7, expected: 1_700_000_000_001_007 },
    { case: 'a clock set back', last: 1_700_000_000_000_007, nowMs: 1_699_999_999_000, tag: 7, expected: 1_700_000_000_001_007 },
    { case: 'the last tag', last: 0, nowMs: 1_700_000_000_000, tag: 999, expected: 1_700_000_000_000_999 },
  ])('$case', ({ last, nowMs, tag, expected }) => {
    expect(nextGeneration(last, nowMs, tag)).toBe(expected);
  });

  it('keeps two instances with different tags apart, each increasing, over a seeded run of refreshes', () => {
    const random = new Random(37);
    const instances = [
      { tag: 0, last: 0, seen: [] as number[] },
      { tag: 1, last: 0, seen: [] as number[] },
      { tag: 998, last: 0, seen: [] as number[] },
    ];
    let nowMs = 1_795_000_000_000;
    for (let step = 0; step < 5_000; step += 1) {
      // Often the same millisecond for several of them; sometimes a burst within one.
      if (random.chance(0.3)) nowMs += Math.floor(random.between(0, 3));
      const instance = instances[Math.floor(random.between(0, instances.length))]!;
      instance.last = nextGeneration(instance.last, nowMs, instance.tag);
      instance.seen.push(instance.last);
    }
    const all = instances.flatMap((instance) => instance.seen);
    expect(new Set(all).size).toBe(all.length);
    for (const instance of instances) {
      expect(instance.seen.every((generation, i) => i === 0 || generation > instance.seen[i - 1]!)).toBe(true);
      expect(instance.seen.every((generation) => generation % GENERATION_TAGS === instance.tag)).toBe(true);
    }
    expect(Math.max(...all)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
