import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './memory-storage';
import { startHarness, type Harness } from './testing/harness';
import { TEST_KEY } from './testing/ingest-stand-in';

const FIVE_MINUTES = 5 * 60_000;

function snapshot(discount: number, layout: unknown = { rows: 2 }): LiveConfigSnapshot {
  return {
    keys: [
      {
        name: 'shop.discount',
        type: 'number',
        defaultValue: discount,
        description: '',
        rules: [{ id: 'vip', conditions: [{ kind: 'property', name: 'vip', operator: 'eq', value: true }], rollout: null, value: 0.5 }],
      },
      { name: 'store.layout', type: 'json', defaultValue: layout, description: '', rules: [] },
      {
        name: 'greeting',
        type: 'string',
        defaultValue: 'Hello',
        description: '',
        rules: [{ id: 'ana', conditions: [{ kind: 'property', name: 'name', operator: 'eq', value: 'Ana' }], rollout: null, value: 'Hola Ana' }],
      },
    ],
    events: [],
  };
}

describe('remote config', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    h.server.live.publish(snapshot(0.1));
  });
  afterEach(() => h.close());

  const start = (options: Parameters<Harness['start']>[0] = {}) =>
    h.start({ remoteConfig: true, platform: 'ios', appVersion: '1.4.0', country: 'de', ...options });
  const requests = () => h.server.live.requests;
  const waitForRequests = (count: number) => vi.waitFor(() => expect(requests()).toHaveLength(count));
  // The client sets its next refresh once it has handled the last answer, which on a busy machine
  // comes a while after the server saw the request: the clock moves on once that timer is set.
  const nextRefresh = async (ms = FIVE_MINUTES) => {
    await vi.waitFor(() => expect(h.clock.hasTimerDueIn(ms)).toBe(true));
    h.clock.advance(ms);
  };

  it('answers the fallback at once, then the values fetched at start', async () => {
    const qb = start();
    expect(qb.getConfig('shop.discount', 0)).toBe(0);
    await qb.refreshConfig();
    expect(qb.getConfig('shop.discount', 0)).toBe(0.1);
    expect(qb.getConfig('store.layout', {})).toEqual({ rows: 2 });
    expect(qb.getConfig('no.such.key', 'fallback')).toBe('fallback');
    expect(h.logger.messages).toEqual([]);
  });

  it("sends the contract's query: the player, the context and install_date, the UTC day of the first start", async () => {
    const qb = start();
    qb.identify('player-8812');
    await qb.refreshConfig();
    const last = requests().at(-1);
    expect(last?.key).toBe(TEST_KEY);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      user_id: 'player-8812',
      platform: 'ios',
      country: 'DE',
      app_version: '1.4.0',
      properties: JSON.stringify({ install_date: '2026-05-01' }),
    });

    h.clock.advance(3 * 24 * 3_600_000);
    const later = start(); // the same storage, three days on
    await later.refreshConfig();
    expect(requests().at(-1)?.query.get('properties')).toBe(JSON.stringify({ install_date: '2026-05-01' }));
    expect(h.storage.saved?.installDate).toBe('2026-05-01');
  });

  it('sends player properties set by the game, leaving out unusable ones with a warning', async () => {
    const qb = start();
    qb.setPlayerProperties({ vip: true, name: 'Ana', bag: { gold: 5 } } as never);
    await qb.refreshConfig();
    expect(qb.getConfig('shop.discount', 0)).toBe(0.5);
    expect(qb.getConfig('greeting', '')).toBe('Hola Ana');
    expect(h.logger.messages).toEqual([
      'Questboard: setPlayerProperties: property "bag" must be a string (at most 1024 characters), a finite number, true, false or null; it was left out',
    ]);
  });

  it('fetches every five minutes with If-None-Match, and tells listeners only when the values change', async () => {
    const qb = start();
    const seen: unknown[] = [];
    const unsubscribe = qb.onConfigUpdated((values) => seen.push(values['shop.discount']));
    await waitForRequests(1);
    await vi.waitFor(() => expect(seen).toEqual([0.1]));
    const etag = await vi.waitFor(() => {
      const saved = h.storage.saved?.liveConfig?.etag;
      expect(saved).toMatch(/^".+"$/u);
      return saved;
    });

    await nextRefresh();
    await waitForRequests(2);
    expect(requests()[1]).toMatchObject({ ifNoneMatch: etag, status: 304 });

    h.server.live.publish(snapshot(0.25));
    await nextRefresh();
    await waitForRequests(3);
    await vi.waitFor(() => expect(seen).toEqual([0.1, 0.25]));
    expect(qb.getConfig('shop.discount', 0)).toBe(0.25);

    unsubscribe();
    h.server.live.publish(snapshot(0.3));
    await qb.refreshConfig();
    expect(qb.getConfig('shop.discount', 0)).toBe(0.3);
    expect(seen).toEqual([0.1, 0.25]);
  });

  it('takes the refresh interval from configRefreshMs, at least 10 seconds', async () => {
    const qb = start({ configRefreshMs: 60_000 });
    await waitForRequests(1);
    await nextRefresh(60_000);
    await waitForRequests(2);
    await qb.shutdown();
    start({ configRefreshMs: 5 });
    expect(h.logger.messages).toEqual(['Questboard: configRefreshMs must be a whole number from 10000 to 2147483647 (got 5); using 300000']);
  });

  it('a game offline at start gets the last values from storage, then the new ones when the server is back', async () => {
    const first = start();
    await first.refreshConfig();
    await first.shutdown();
    await h.server.down();

    const offline = start({ random: () => 0.5 }); // back-off: 0.5 s, then 1 s
    expect(offline.getConfig('shop.discount', 0)).toBe(0.1); // at once, from storage
    await offline.refreshConfig();
    expect(offline.getConfig('shop.discount', 0)).toBe(0.1);
    expect(h.logger.messages).toHaveLength(1);
    expect(h.logger.messages[0]).toMatch(/^Questboard: could not fetch the live config \(.+\); the last values stay and it is tried again$/u);

    await h.server.up();
    h.server.live.publish(snapshot(0.2));
    h.clock.advance(1_000); // the second retry, well before the interval
    await vi.waitFor(() => expect(offline.getConfig('shop.discount', 0)).toBe(0.2));
    expect(h.logger.messages).toHaveLength(1);
  });

  it('with nothing cached and no server, answers the fallback', async () => {
    await h.server.down();
    const qb = start();
    await qb.refreshConfig();
    expect(qb.getConfig('shop.discount', 0.05)).toBe(0.05);
    expect(qb.getConfig('anything', null)).toBeNull();
  });

  it('never blocks on a server that does not answer', async () => {
    h.server.live.answerNext({ status: 200, hang: true });
    const qb = start({ storage: createMemoryStorage() });
    let done = false;
    const refreshing = qb.refreshConfig().then(() => (done = true));
    expect(qb.getConfig('shop.discount', 0)).toBe(0);
    await vi.waitFor(() => expect(h.server.live.received).toBe(1));
    h.clock.advance(30_000); // the request's time-out; the refresh asked for meanwhile then goes out
    await refreshing;
    expect(done).toBe(true);
    expect(qb.getConfig('shop.discount', 0)).toBe(0.1);
    expect(h.logger.messages[0]).toMatch(/could not fetch the live config/u);
  });

  it('answers the fallback when the value is of another JSON type, warning once per key', async () => {
    const qb = start();
    await qb.refreshConfig();
    expect(qb.getConfig('shop.discount', 'cheap')).toBe('cheap');
    expect(qb.getConfig('shop.discount', 'cheap')).toBe('cheap');
    expect(qb.getConfig('store.layout', [])).toEqual([]);
    expect(qb.getConfig<unknown>('shop.discount', undefined)).toBe(0.1);
    expect(h.logger.messages).toEqual([
      'Questboard: getConfig("shop.discount"): the value is number but the fallback is string; the fallback is used',
      'Questboard: getConfig("store.layout"): the value is object but the fallback is array; the fallback is used',
    ]);
  });

  it('gives copies: a game changing a value changes nothing for the next call', async () => {
    const qb = start();
    await qb.refreshConfig();
    const layout = qb.getConfig<{ rows: number }>('store.layout', { rows: 0 });
    layout.rows = 99;
    expect(qb.getConfig('store.layout', { rows: 0 })).toEqual({ rows: 2 });
  });

  it('fetches again for a newly identified player, without If-None-Match', async () => {
    const qb = start();
    await waitForRequests(1);
    qb.identify('player-2');
    await waitForRequests(2);
    expect(requests()[1]).toMatchObject({ ifNoneMatch: undefined, status: 200 });
    expect(requests()[1]?.query.get('user_id')).toBe('player-2');
  });

  it('keeps calm when a listener throws', async () => {
    const qb = start();
    const seen: number[] = [];
    qb.onConfigUpdated(() => {
      throw new Error('game bug');
    });
    qb.onConfigUpdated(() => seen.push(1));
    await qb.refreshConfig();
    expect(seen).toEqual([1]);
    expect(h.logger.messages).toEqual(['Questboard: an onConfigUpdated listener threw (game bug); the game goes on']);
  });

  it('stops asking after the key is refused, warning once', async () => {
    h.server.validKey = 'qbk_another_key_altogether_000000';
    const qb = start();
    await qb.refreshConfig();
    h.clock.advance(FIVE_MINUTES * 3);
    await qb.refreshConfig();
    expect(requests()).toHaveLength(1);
    expect(h.logger.messages).toEqual([
      'Questboard: the server refused the ingestion key for the live config (401: This ingestion key is unknown or has been revoked.); the last values stay',
    ]);
  });

  it('does not fetch at all with remoteConfig: false', async () => {
    const qb = start({ remoteConfig: false });
    await qb.refreshConfig();
    h.clock.advance(FIVE_MINUTES);
    expect(requests()).toHaveLength(0);
    expect(qb.getConfig('shop.discount', 1)).toBe(1);
  });

  it('an SDK that could not start answers fallbacks and nothing else', async () => {
    const qb = start({ endpoint: 'not a url' });
    expect(qb.getConfig('shop.discount', 0.7)).toBe(0.7);
    expect(() => qb.onConfigUpdated(() => undefined)()).not.toThrow();
    await expect(qb.refreshConfig()).resolves.toBeUndefined();
  });
});
