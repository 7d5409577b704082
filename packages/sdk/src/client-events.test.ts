import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Questboard } from './client';
import { createMemoryStorage } from './memory-storage';
import { TEST_KEY } from './testing/ingest-stand-in';
import { acceptedNames, startHarness, type Harness } from './testing/harness';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const minutes = 60_000;

describe('events', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('carry a new insert_id, the clock time in UTC, the session and the options', async () => {
    const qb = h.start({ platform: 'web', appVersion: '1.2.3', build: '456', country: 'de' });
    qb.track('level_up', { level: 2 });
    await qb.flush();
    const [start, event] = h.server.accepted;
    expect(event).toEqual({
      insert_id: expect.stringMatching(uuid) as string,
      name: 'level_up',
      user_id: expect.stringMatching(uuid) as string,
      timestamp: '2026-05-01T12:00:00.000Z',
      session_id: expect.stringMatching(uuid) as string,
      platform: 'web',
      app_version: '1.2.3',
      build: '456',
      country: 'DE',
      properties: { level: 2 },
    });
    expect(start).toMatchObject({ name: 'session_start', session_id: event?.session_id, user_id: event?.user_id });
    expect(start).not.toHaveProperty('properties');
    expect(start?.insert_id).not.toBe(event?.insert_id);
  });

  it('use an anonymous id, kept across runs, until identify; then the player id in a new session', async () => {
    const first = h.start();
    first.track('a');
    await first.flush();
    const anonymous = h.server.accepted[0]?.user_id;
    expect(anonymous).toMatch(uuid);

    const reloaded = h.start();
    reloaded.track('b');
    reloaded.identify('player-7');
    reloaded.track('c');
    reloaded.identify('player-7'); // the same id again changes nothing
    reloaded.track('d');
    await reloaded.flush();
    expect(h.server.accepted.map((event) => [event.name, event.user_id])).toEqual([
      ['session_start', anonymous],
      ['a', anonymous],
      ['b', anonymous],
      ['session_start', 'player-7'],
      ['c', 'player-7'],
      ['d', 'player-7'],
    ]);
    const sessions = new Set(h.server.accepted.map((event) => event.session_id));
    expect(sessions.size).toBe(2);
  });

  it('keep the identified player after a reload', async () => {
    h.start().identify('player-7');
    await Promise.resolve(); // the save runs on the next microtask
    const reloaded = h.start();
    reloaded.track('a');
    await reloaded.flush();
    expect(h.server.accepted.map((event) => event.user_id)).toEqual(['player-7', 'player-7']);
  });

  it('ignore an identify with an unusable id, with a warning', async () => {
    const qb = h.start();
    qb.identify('');
    qb.track('a');
    await qb.flush();
    expect(h.server.accepted[1]?.user_id).toMatch(uuid);
    expect(h.logger.messages).toEqual([
      "Questboard: identify: user_id must not be empty; the player's id is unchanged",
    ]);
  });

  it('purchase() sends a purchase event with revenue_amount, currency and product_id', async () => {
    const qb = h.start();
    qb.identify('player-7');
    qb.purchase({ productId: 'gems_100', amount: 4.99, currency: 'eur', properties: { store: 'steam' } });
    await qb.flush();
    expect(h.server.accepted[1]).toMatchObject({
      name: 'purchase',
      user_id: 'player-7',
      revenue_amount: 4.99,
      currency: 'EUR',
      product_id: 'gems_100',
      properties: { store: 'steam' },
    });
  });

  it.each([
    { purchase: { productId: 'gems', amount: -1, currency: 'USD' }, problem: 'revenue_amount must not be negative' },
    {
      purchase: { productId: 'gems', amount: 1, currency: 'dollars' },
      problem: 'currency must be a three-letter ISO 4217 code, like USD',
    },
    { purchase: { productId: '', amount: 1, currency: 'USD' }, problem: 'product_id must not be empty' },
  ])('purchase() drops a purchase the server would reject: $problem', async ({ purchase, problem }) => {
    const qb = h.start();
    qb.purchase(purchase);
    await qb.flush();
    expect(h.fetch.calls).toBe(0);
    expect(h.logger.messages).toEqual([`Questboard: purchase: ${problem}; the purchase is dropped`]);
  });

  it('track() drops an event with an unusable name and leaves out unusable properties, with warnings', async () => {
    const qb = h.start();
    qb.track('x'.repeat(129));
    qb.track('level_up', { level: 3, hero: { class: 'mage' } } as never);
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'level_up']);
    expect(h.server.accepted[1]?.properties).toEqual({ level: 3 });
    expect(h.logger.messages).toEqual([
      'Questboard: track: name must be at most 128 characters; the event is dropped',
      'Questboard: track("level_up"): property "hero" must be a string (at most 1024 characters), a finite number, true, false or null; it was left out',
    ]);
  });

  it('never throw into the game, whatever they are given', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const qb = h.start({ now: () => Number.NaN });
    const calls: ((client: Questboard) => void)[] = [
      (client) => client.track(undefined as never),
      (client) => client.track('a', circular as never),
      (client) => client.track('a'), // the clock gives NaN
      (client) => client.purchase(undefined as never),
      (client) => client.identify(42 as never),
    ];
    for (const call of calls) expect(() => call(qb)).not.toThrow();
    await expect(qb.flush()).resolves.toBeUndefined();
    expect(h.logger.messages.length).toBeGreaterThanOrEqual(calls.length);
  });
});

describe('sessions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('start again after 30 minutes without events, counted from the latest event', async () => {
    const qb = h.start();
    // Each step is delivered before the clock jumps: a request in flight across a 30-minute jump
    // would be abandoned by its 30-second time-out (which runs on the same clock).
    const trackAndWait = async (name: string, idleMs: number) => {
      h.clock.advance(idleMs);
      qb.track(name);
      await qb.flush();
    };
    await trackAndWait('a', 0);
    await trackAndWait('b', 30 * minutes - 1);
    await trackAndWait('c', 29 * minutes); // an hour after the session began, but never 30 minutes idle
    await trackAndWait('d', 30 * minutes);
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a', 'b', 'c', 'session_start', 'd']);
    const sessions = h.server.accepted.map((event) => event.session_id);
    expect(new Set(sessions.slice(0, 4)).size).toBe(1);
    expect(new Set(sessions.slice(4)).size).toBe(1);
    expect(sessions[4]).not.toBe(sessions[0]);
    expect(h.server.accepted[4]?.timestamp).toBe(new Date(h.clock.now()).toISOString());
  });

  it('survive a reload within the timeout, and honour sessionTimeoutMs', async () => {
    const first = h.start({ sessionTimeoutMs: 10 * minutes });
    first.track('a');
    await first.flush();
    h.clock.advance(9 * minutes);
    const reloaded = h.start({ sessionTimeoutMs: 10 * minutes });
    reloaded.track('b');
    h.clock.advance(10 * minutes);
    const later = h.start({ sessionTimeoutMs: 10 * minutes });
    later.track('c');
    await later.flush();
    await reloaded.flush();
    expect(acceptedNames(h.server).sort()).toEqual(['a', 'b', 'c', 'session_start', 'session_start'].sort());
    const byName = new Map(
      h.server.accepted
        .filter((event) => event.name !== 'session_start')
        .map((event) => [event.name, event.session_id]),
    );
    expect(byName.get('b')).toBe(byName.get('a'));
    expect(byName.get('c')).not.toBe(byName.get('a'));
  });

  it('are kept apart per storage', async () => {
    const one = h.start({ storage: createMemoryStorage() });
    const two = h.start({ storage: createMemoryStorage(), key: TEST_KEY });
    one.track('a');
    two.track('a');
    await one.flush();
    await two.flush();
    expect(new Set(h.server.accepted.map((event) => event.session_id)).size).toBe(2);
    expect(new Set(h.server.accepted.map((event) => event.user_id)).size).toBe(2);
  });
});
