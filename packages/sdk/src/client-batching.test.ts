import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptedNames, startHarness, type Harness } from './testing/harness';

describe('batching', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('sends as soon as 100 events are queued, and not before', async () => {
    const qb = h.start();
    for (let index = 0; index < 98; index += 1) qb.track('tick', { index });
    expect(h.fetch.calls).toBe(0); // session_start + 98
    qb.track('tick', { index: 98 });
    expect(h.fetch.calls).toBe(1);
    await qb.flush();
    expect(h.server.batchSizes).toEqual([100]);
    expect(acceptedNames(h.server)).toEqual(['session_start', ...Array<string>(99).fill('tick')]);
    expect(h.server.requests[0]).toMatchObject({
      key: 'qbk_test_0123456789abcdefghijklmn',
      contentType: 'application/json',
    });
  });

  it('sends what is queued every flushIntervalMs', async () => {
    const qb = h.start({ flushIntervalMs: 5000 });
    qb.track('menu_open');
    qb.track('level_start', { level: 1 });
    h.clock.advance(4999);
    expect(h.fetch.calls).toBe(0);
    h.clock.advance(1);
    expect(h.fetch.calls).toBe(1);
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'menu_open', 'level_start']);

    h.clock.advance(5000); // nothing queued: no request
    qb.track('level_end');
    h.clock.advance(5000);
    await qb.flush();
    expect(h.server.batchSizes).toEqual([3, 1]);
  });

  it('keeps one request in flight, sending what came meanwhile after it', async () => {
    const qb = h.start();
    for (let index = 0; index < 249; index += 1) qb.track('tick', { index });
    expect(h.fetch.calls).toBe(1);
    await qb.flush();
    expect(h.server.batchSizes).toEqual([100, 100, 50]);
    expect(h.server.maxActive).toBe(1);
    expect(h.server.accepted.map((event) => event.properties?.index)).toEqual([
      undefined,
      ...Array.from({ length: 249 }, (_, index) => index),
    ]);
  });

  it('flush() sends everything now; shutdown() sends the rest, stops every timer and ignores later events', async () => {
    const qb = h.start();
    qb.track('a');
    await qb.flush();
    expect(h.server.batchSizes).toEqual([2]);

    qb.track('b');
    await qb.shutdown();
    expect(h.server.batchSizes).toEqual([2, 1]);
    expect(h.clock.pendingTimers).toBe(0);

    qb.track('c');
    h.clock.advance(60_000);
    await qb.flush();
    expect(h.fetch.calls).toBe(2);
    expect(h.logger.messages).toEqual(['Questboard: "c" came after shutdown(); it is ignored']);
    expect(h.storage.saved?.queue).toEqual([]);
  });

  it('sends at most maxBatchSize events per request', async () => {
    const qb = h.start({ maxBatchSize: 3, flushIntervalMs: 60_000 });
    for (let index = 0; index < 6; index += 1) qb.track('tick');
    await qb.flush();
    expect(h.server.batchSizes).toEqual([3, 3, 1]);
  });
});
