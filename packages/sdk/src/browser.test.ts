// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEPALIVE_MAX_BYTES } from './batch';
import { createQuestboard } from './browser';
import { IngestStandIn, TEST_KEY, countingFetch, recordingLogger } from './testing/ingest-stand-in';
import { ManualClock } from './testing/manual-clock';
import type { PersistedState } from './types';

// The browser entry in a DOM (jsdom): the queue in localStorage, a keepalive send when the page hides.

describe('in the browser', () => {
  let server: IngestStandIn;
  let clock: ManualClock;
  let fetch: ReturnType<typeof countingFetch>;
  const logger = recordingLogger();
  beforeEach(async () => {
    server = await IngestStandIn.start();
    clock = new ManualClock();
    fetch = countingFetch();
    localStorage.clear();
    setVisibility('visible');
  });
  afterEach(() => server.close());

  const start = () =>
    createQuestboard({
      key: TEST_KEY,
      endpoint: server.endpoint,
      fetch: fetch.fetch,
      now: clock.now,
      timers: clock.timers,
      logger,
      maxBatchSize: 1000,
      remoteConfig: false, // these tests count the event requests
    });
  const saved = () => JSON.parse(localStorage.getItem(`questboard:${TEST_KEY}`) ?? 'null') as PersistedState | null;

  function setVisibility(state: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  }

  it('keeps the queue and the player in localStorage under questboard:<key>', async () => {
    await server.down();
    const qb = start();
    qb.identify('player-7');
    qb.track('a');
    await qb.flush();
    expect(saved()).toMatchObject({ userId: 'player-7', queue: [{ name: 'session_start' }, { name: 'a' }] });

    await server.up();
    const reloaded = start();
    await reloaded.flush();
    expect(server.accepted.map((event) => event.name)).toEqual(['session_start', 'a']);
    expect(saved()?.queue).toEqual([]);
    await qb.shutdown();
    await reloaded.shutdown();
  });

  it('keeps the last live config in localStorage, so a reload without the server still gets its values', async () => {
    server.live.publish({ keys: [{ name: 'hud.theme', type: 'string', defaultValue: 'night', description: '', rules: [] }], events: [] });
    const first = createQuestboard({ key: TEST_KEY, endpoint: server.endpoint, fetch: fetch.fetch, now: clock.now, timers: clock.timers });
    await first.refreshConfig();
    await first.shutdown();
    expect(saved()?.liveConfig).toMatchObject({ values: { 'hud.theme': 'night' } });

    await server.down();
    const reloaded = createQuestboard({ key: TEST_KEY, endpoint: server.endpoint, fetch: fetch.fetch, now: clock.now, timers: clock.timers });
    expect(reloaded.getConfig('hud.theme', 'day')).toBe('night');
    await reloaded.shutdown();
  });

  it('when the page is hidden, saves at once and sends what fits in one keepalive request, keeping the rest', async () => {
    const qb = start();
    for (let index = 0; index < 399; index += 1) qb.track('tick', { index, padding: 'x'.repeat(200) });
    expect(fetch.calls).toBe(0);

    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch.keepalive).toBe(1);
    expect(saved()?.queue).toHaveLength(400); // written before the handler returned

    await vi.waitFor(() => expect(saved()?.queue.length).toBeLessThan(400));
    const [sent] = server.requests;
    expect(sent?.bytes).toBeLessThanOrEqual(KEEPALIVE_MAX_BYTES);
    expect(sent?.events.length).toBeGreaterThan(100);
    expect(saved()?.queue).toHaveLength(400 - (sent?.events.length ?? 0));
    expect(saved()?.queue[0]?.insert_id).not.toBe(sent?.events.at(-1)?.insert_id);

    await qb.shutdown(); // the page lived on: the rest goes out normally
    expect(server.accepted.map((event) => event.properties?.index)).toEqual([
      undefined,
      ...Array.from({ length: 399 }, (_, index) => index),
    ]);
  });

  it('leaves the events of the request in flight out of the keepalive request', async () => {
    const qb = createQuestboard({
      key: TEST_KEY,
      endpoint: server.endpoint,
      fetch: fetch.fetch,
      now: clock.now,
      timers: clock.timers,
      maxBatchSize: 10,
      remoteConfig: false,
    });
    for (let index = 0; index < 12; index += 1) qb.track('tick', { index });
    expect(fetch.calls).toBe(1); // the first 10 events are in flight
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch.keepalive).toBe(1);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.batchSizes.sort((a, b) => a - b)).toEqual([3, 10]);
    await qb.shutdown();
    expect(new Set(server.accepted.map((event) => event.insert_id)).size).toBe(13);
    expect(server.accepted).toHaveLength(13);
  });

  it('sends on pagehide, and stops listening after shutdown()', async () => {
    const qb = start();
    qb.track('a');
    document.dispatchEvent(new Event('visibilitychange')); // becoming visible is no reason to send
    expect(fetch.keepalive).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch.keepalive).toBe(1);
    await qb.shutdown();

    const after = start();
    after.track('b');
    await after.shutdown();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch.keepalive).toBe(1);
  });
});
