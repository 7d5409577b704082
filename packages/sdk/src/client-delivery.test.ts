import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedNames, startHarness, type Harness } from './testing/harness';

// Every test answers through a real HTTP server; time moves only when a test advances the clock.

describe('delivery', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const idsOf = (request: number) => h.server.requests[request]?.events.map((event) => event.insert_id);

  it.each([429, 503])('after a %i, waits the Retry-After seconds, then sends the same events again', async (status) => {
    const qb = h.start({ random: () => 0 }); // a back-off would retry at once: only Retry-After can hold it
    h.server.answerNext({ status, headers: { 'retry-after': '3' } });
    qb.track('level_up');
    await qb.flush();
    expect(h.fetch.calls).toBe(1);

    await qb.flush(); // a wait the server asked for is honoured even by flush()
    h.clock.advance(2999);
    expect(h.fetch.calls).toBe(1);
    h.clock.advance(1);
    expect(h.fetch.calls).toBe(2);
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'level_up']);
    expect(idsOf(1)).toEqual(idsOf(0));
  });

  it('backs off exponentially with full jitter after 500s, then delivers once', async () => {
    const qb = h.start({ random: () => 0.5, flushIntervalMs: 3_600_000 });
    h.server.answerNext({ status: 500 }, { status: 500 }, { status: 502 });
    qb.track('level_up');
    await qb.flush();
    // half of 1 s, 2 s, 4 s: random() is 0.5
    for (const wait of [500, 1000, 2000]) {
      const calls = h.fetch.calls;
      h.clock.advance(wait - 1);
      expect(h.fetch.calls).toBe(calls);
      h.clock.advance(1);
      expect(h.fetch.calls).toBe(calls + 1);
      await qb.flush();
    }
    expect(h.server.requests.map((request) => request.status)).toEqual([500, 500, 502, 200]);
    expect(acceptedNames(h.server)).toEqual(['session_start', 'level_up']);
  });

  it('backs off while the server is down, keeping every event, and delivers them once it is back', async () => {
    const qb = h.start({ random: () => 0.5, flushIntervalMs: 3_600_000 });
    await h.server.down();
    qb.track('a');
    await qb.flush();
    expect(h.fetch.calls).toBe(1);
    h.clock.advance(499);
    expect(h.fetch.calls).toBe(1);
    h.clock.advance(1);
    expect(h.fetch.calls).toBe(2);
    await qb.flush();
    expect(h.storage.saved?.queue.map((event) => event.name)).toEqual(['session_start', 'a']);

    qb.track('b');
    await h.server.up();
    h.clock.advance(999);
    expect(h.fetch.calls).toBe(2);
    h.clock.advance(1);
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a', 'b']);
    expect(h.storage.saved?.queue).toEqual([]);
  });

  it('flush() skips the wait of a back-off', async () => {
    const qb = h.start({ random: () => 0.999, flushIntervalMs: 3_600_000 });
    h.server.answerNext({ status: 500 });
    qb.track('a');
    await qb.flush();
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a']);
  });

  it('after a 413, splits the batch in halves until each part fits', async () => {
    h.server.maxEventsPerRequest = 40;
    const qb = h.start();
    for (let index = 0; index < 99; index += 1) qb.track('tick', { index });
    await qb.flush();
    expect(h.server.batchSizes).toEqual([100, 50, 25, 25, 50, 25, 25]);
    expect(h.server.accepted.map((event) => event.properties?.index)).toEqual([
      undefined,
      ...Array.from({ length: 99 }, (_, index) => index),
    ]);
  });

  it('drops an event the server finds too large even on its own', async () => {
    h.server.maxEventsPerRequest = 0;
    const qb = h.start();
    qb.track('huge');
    await qb.flush();
    expect(h.server.batchSizes).toEqual([2, 1, 1]);
    expect(h.storage.saved?.queue).toEqual([]);
    expect(h.logger.messages).toHaveLength(2);
    expect(h.logger.messages[1]).toMatch(
      /^Questboard: event "huge" \(insert_id [0-9a-f-]{36}\) is too large for the server even on its own \(413\); it is dropped$/,
    );
  });

  it('after a 401, stops sending, warns once and keeps the events for an SDK with a valid key', async () => {
    h.server.validKey = 'qbk_another_key_00000000000000';
    const qb = h.start();
    qb.track('a');
    await qb.flush();
    qb.track('b');
    h.clock.advance(60_000);
    await qb.flush();
    expect(h.fetch.calls).toBe(1);
    expect(h.logger.messages).toEqual([
      'Questboard: the server refused the ingestion key (401: This ingestion key is unknown or has been revoked.); nothing more is sent, and queued events are kept for an SDK started with a valid key',
    ]);
    expect(h.storage.saved?.queue.map((event) => event.name)).toEqual(['session_start', 'a', 'b']);

    h.server.validKey = 'qbk_test_0123456789abcdefghijklmn';
    const restarted = h.start();
    await restarted.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a', 'b']);
  });

  it('treats a 403 like a 401', async () => {
    h.server.answerNext({ status: 403 });
    const qb = h.start();
    qb.track('a');
    await qb.flush();
    h.clock.advance(60_000);
    await qb.flush();
    expect(h.fetch.calls).toBe(1);
    expect(h.storage.saved?.queue).toHaveLength(2);
  });

  it('drops a batch the server calls malformed (400), with a warning', async () => {
    h.server.answerNext({ status: 400, body: { code: 'VALIDATION', message: 'events must be an array' } });
    const qb = h.start();
    qb.track('a');
    await qb.flush();
    h.clock.advance(60_000);
    await qb.flush();
    expect(h.fetch.calls).toBe(1);
    expect(h.storage.saved?.queue).toEqual([]);
    expect(h.logger.messages).toEqual([
      'Questboard: the server refused a batch of 2 events as malformed (400: events must be an array); they are dropped',
    ]);
  });

  it('drops rejected events for good, warning with the reason, and keeps the accepted ones', async () => {
    h.server.rejectWhen = (event) => (event.name === 'cheat' ? 'cheating is not an event' : undefined);
    const qb = h.start();
    qb.track('cheat');
    qb.track('fair');
    await qb.flush();
    h.clock.advance(60_000);
    await qb.flush();
    expect(h.fetch.calls).toBe(1);
    expect(acceptedNames(h.server)).toEqual(['session_start', 'fair']);
    expect(h.storage.saved?.queue).toEqual([]);
    expect(h.logger.messages).toHaveLength(1);
    expect(h.logger.messages[0]).toMatch(
      /^Questboard: event "cheat" \(insert_id [0-9a-f-]{36}\) was rejected and dropped: cheating is not an event$/,
    );
  });

  it('sends nothing the server finds invalid in the first place', async () => {
    const qb = h.start({ platform: 'web', appVersion: '1.2.3', build: '456', country: 'de' });
    qb.identify('player-1');
    qb.track('level_up', { level: 2, hero: 'mage', hard: true, guild: null });
    qb.purchase({ productId: 'gems_100', amount: 4.99, currency: 'usd' });
    await qb.flush();
    expect(h.server.rejected).toEqual([]);
    expect(h.server.accepted).toHaveLength(3);
  });
});

describe('a request that never answers', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('is abandoned after 30 seconds and sent again after the back-off', async () => {
    const qb = h.start({ random: () => 0.5, flushIntervalMs: 3_600_000 });
    h.server.answerNext({ status: 200, hang: true });
    qb.track('a');
    const flushed = qb.flush();
    await vi.waitFor(() => expect(h.server.received).toBe(1));
    h.clock.advance(30_000);
    await flushed;
    expect(h.server.accepted).toEqual([]);
    h.clock.advance(500);
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a']);
    expect(h.fetch.calls).toBe(2);
  });
});
