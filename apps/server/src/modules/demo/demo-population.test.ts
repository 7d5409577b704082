import { ingestEventSchema } from '@questboard/shared/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricePoints, productIds } from './demo-catalogue';
import { type DemoEvent, demoPopulation } from './demo-population';

const DAY_MS = 86_400_000;
const end = new Date('2026-05-01T00:00:00Z');
const lastDay = end.getTime() / DAY_MS - 1;
const firstDay = lastDay - 89;

interface Player {
  installDay: number;
  days: Map<number, Set<string>>; // day → its session ids
  platform: string;
  country: string;
  lastMs: number;
  lastSessionId: string;
  version: number;
}

/** What the tests read off the default population, gathered in one pass over its ~1.6M events. */
function gather(events: Iterable<DemoEvent>) {
  const players = new Map<string, Player>();
  const problems: string[] = [];
  const names = new Map<string, number>();
  const sessions = new Map<string, { userId: string; firstMs: number; lastMs: number }>();
  const levels = new Map<number, { attempts: number; fails: number }>();
  const purchases: DemoEvent[] = [];
  const builds = new Map<string, Set<string>>();
  const sample: DemoEvent[] = [];
  let count = 0;
  const problem = (text: string) => problems.length < 10 && problems.push(text);
  for (const event of events) {
    count += 1;
    if (count % 997 === 0) sample.push(event);
    const ms = Date.parse(event.timestamp);
    const day = Math.floor(ms / DAY_MS);
    const [major = 0, minor = 0, patch = 0] = event.app_version.split('.').map(Number);
    const version = major * 1e6 + minor * 1e3 + patch;
    let player = players.get(event.user_id);
    if (!player) {
      if (event.name !== 'install') problem(`${event.user_id} starts with ${event.name}`);
      const { platform, country, session_id: lastSessionId } = event;
      player = { installDay: day, days: new Map(), platform, country, lastMs: ms - 1, lastSessionId, version };
      players.set(event.user_id, player);
    }
    if (ms <= player.lastMs) problem(`${event.insert_id} is not after the player's previous event`);
    // The SDK's session_id and the 30-minute inactivity rule must cut sessions at the same places.
    if ((event.session_id !== player.lastSessionId) !== (ms - player.lastMs >= 30 * 60_000)) {
      problem(`${event.insert_id}: session_id and the 30-minute rule disagree`);
    }
    if (day < firstDay || ms >= end.getTime()) problem(`${event.insert_id} is outside the window`);
    if (event.platform !== player.platform || event.country !== player.country) problem(`${event.user_id} moved`);
    if (version < player.version) problem(`${event.insert_id} downgrades the app`);
    player.lastMs = ms;
    player.lastSessionId = event.session_id;
    player.version = version;
    const daySessions = player.days.get(day) ?? new Set();
    player.days.set(day, daySessions.add(event.session_id));
    names.set(event.name, (names.get(event.name) ?? 0) + 1);
    builds.set(event.app_version, (builds.get(event.app_version) ?? new Set()).add(event.build));
    const session = sessions.get(event.session_id);
    if (!session) sessions.set(event.session_id, { userId: event.user_id, firstMs: ms, lastMs: ms });
    else if (session.userId !== event.user_id) problem(`${event.session_id} is shared`);
    else session.lastMs = ms;
    if (event.name === 'level_start' || event.name === 'level_fail') {
      const level = Number(event.properties.level);
      const counts = levels.get(level) ?? { attempts: 0, fails: 0 };
      if (event.name === 'level_start') counts.attempts += 1;
      else counts.fails += 1;
      levels.set(level, counts);
    }
    if (event.name === 'purchase') purchases.push(event);
  }
  return { count, players, problems, names, sessions, levels, purchases, builds, sample };
}

/** Classic Dn: players of cohorts old enough to have a day n, active exactly on it, over their number. */
function classicRetention(players: Map<string, Player>, n: number): number {
  let cohort = 0;
  let retained = 0;
  for (const player of players.values()) {
    if (player.installDay + n > lastDay) continue;
    cohort += 1;
    if (player.days.has(player.installDay + n)) retained += 1;
  }
  return retained / cohort;
}

function share<T>(items: Iterable<T>, test: (item: T) => boolean): number {
  const all = [...items];
  return all.filter(test).length / all.length;
}

describe('demoPopulation, default options', () => {
  let facts: ReturnType<typeof gather>;
  beforeAll(() => {
    facts = gather(demoPopulation({ end }));
  }, 60_000);

  // Issue 17 added a resource event for every change of coins or gems: about a third more events.
  it('yields 20,000 players and between 800k and 2M events', () => {
    expect(facts.players.size).toBe(20_000);
    expect([...facts.players.keys()].every((userId) => /^demo-player-\d{6}$/.test(userId))).toBe(true);
    expect(facts.count).toBeGreaterThan(800_000);
    expect(facts.count).toBeLessThan(2_000_000);
  });

  it('yields events the ingestion endpoint accepts', () => {
    expect(facts.sample.length).toBeGreaterThan(600);
    for (const event of facts.sample) {
      expect(ingestEventSchema.safeParse(event).error?.issues).toBeUndefined();
      expect(event.insert_id).toMatch(/^demo-[0-9a-z]+-\d+-\d+$/);
      expect(event.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('keeps every player in order, in the window, in clear sessions, on one platform and country, never downgrading', () => {
    expect(facts.problems).toEqual([]);
  });

  it.each([
    [1, 0.35, 0.4],
    [7, 0.15, 0.2],
    [30, 0.05, 0.08],
  ])('has classic D%i retention between %f and %f', (n, low, high) => {
    const retention = classicRetention(facts.players, n);
    expect(retention).toBeGreaterThanOrEqual(low);
    expect(retention).toBeLessThanOrEqual(high);
  });

  it('has retention that keeps decaying, ever more slowly', () => {
    const curve = [1, 2, 3, 7, 14, 30, 60].map((n) => classicRetention(facts.players, n));
    for (let index = 1; index < curve.length; index += 1) expect(curve[index]).toBeLessThan(curve[index - 1]!);
    // Power-law-like: D60 keeps well over a third of D30 (an exponential decay would lose far more).
    expect(curve[6]! / curve[5]!).toBeGreaterThan(0.4);
  });

  it('installs more players at the weekend and more as the weeks go by', () => {
    const installs = new Map<number, number>();
    for (const player of facts.players.values()) installs.set(player.installDay, (installs.get(player.installDay) ?? 0) + 1);
    expect(installs.size).toBe(90);
    const mean = (days: number[]) => days.reduce((sum, day) => sum + (installs.get(day) ?? 0), 0) / days.length;
    const days = [...installs.keys()];
    const weekend = days.filter((day) => [0, 6].includes(new Date(day * DAY_MS).getUTCDay()));
    const weekdays = days.filter((day) => !weekend.includes(day));
    expect(mean(weekend)).toBeGreaterThan(mean(weekdays) * 1.15);
    expect(mean(days.slice(-28))).toBeGreaterThan(mean(days.slice(0, 28)) * 1.2);
  });

  it.each([
    ['android', 0.5, 0.6],
    ['ios', 0.3, 0.4],
    ['web', 0.03, 0.09],
    ['windows', 0.02, 0.07],
  ])('has %s players at a share between %f and %f', (platform, low, high) => {
    const platformShare = share(facts.players.values(), (player) => player.platform === platform);
    expect(platformShare).toBeGreaterThanOrEqual(low);
    expect(platformShare).toBeLessThanOrEqual(high);
  });

  it('spreads players over many countries, the US first', () => {
    const countries = new Set([...facts.players.values()].map((player) => player.country));
    expect(countries.size).toBeGreaterThanOrEqual(15);
    expect(share(facts.players.values(), (player) => player.country === 'US')).toBeGreaterThan(0.15);
    expect(share(facts.players.values(), (player) => player.country === 'JP')).toBeLessThan(0.1);
  });

  it('ships an app version every few weeks, each with one build', () => {
    expect(facts.builds.size).toBeGreaterThanOrEqual(5);
    for (const builds of facts.builds.values()) expect(builds.size).toBe(1);
  });

  it('has sessions of realistic length, one to four a day', () => {
    const minutes = [...facts.sessions.values()].map((session) => (session.lastMs - session.firstMs) / 60_000);
    minutes.sort((a, b) => a - b);
    expect(minutes[Math.floor(minutes.length / 2)]).toBeGreaterThan(6);
    expect(minutes[Math.floor(minutes.length / 2)]).toBeLessThan(12);
    expect(minutes.at(-1)).toBeLessThan(24 * 60);
    const perDay = [...facts.players.values()].flatMap((player) => [...player.days.values()].map((ids) => ids.size));
    expect(Math.min(...perDay)).toBe(1);
    expect(Math.max(...perDay)).toBe(4);
  });

  it('uses a handful of game events', () => {
    const names = [...facts.names.keys()].sort();
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(names.length).toBeLessThanOrEqual(13);
    for (const name of ['install', 'session_start', 'level_start', 'level_complete', 'level_fail', 'purchase']) {
      expect(names).toContain(name);
    }
    expect(facts.names.get('install')).toBe(20_000);
  });

  it('makes players progress through levels that get harder', () => {
    const failRate = (from: number, to: number) => {
      let attempts = 0;
      let fails = 0;
      for (const [level, counts] of facts.levels) {
        if (level < from || level > to) continue;
        attempts += counts.attempts;
        fails += counts.fails;
      }
      return fails / attempts;
    };
    expect(Math.max(...facts.levels.keys())).toBeGreaterThan(50);
    expect(failRate(1, 5)).toBeGreaterThan(0.05);
    expect(failRate(1, 5)).toBeLessThan(0.2);
    expect(failRate(31, 39)).toBeGreaterThan(failRate(1, 5) * 2);
    // Every tenth level is a boss level.
    expect(failRate(20, 20)).toBeGreaterThan(failRate(11, 19) * 1.3);
  });

  it('turns a few percent of players into payers, some paying more than once', () => {
    const payers = new Map<string, number>();
    for (const purchase of facts.purchases) payers.set(purchase.user_id, (payers.get(purchase.user_id) ?? 0) + 1);
    expect(payers.size / facts.players.size).toBeGreaterThanOrEqual(0.01);
    expect(payers.size / facts.players.size).toBeLessThanOrEqual(0.06);
    expect(share(payers.values(), (times) => times > 1)).toBeGreaterThan(0.1);
    for (const purchase of facts.purchases) {
      expect(purchase.currency).toBe('USD');
      expect(pricePoints).toContain(purchase.revenue_amount);
      expect(productIds).toContain(purchase.product_id);
    }
    // Realistic skew: the cheapest price point sells more often than the dearest.
    const sold = (price: number) => facts.purchases.filter((purchase) => purchase.revenue_amount === price).length;
    expect(sold(0.99)).toBeGreaterThan(sold(49.99) * 2);
  });
});

describe('demoPopulation, any options', () => {
  const small = { players: 300, days: 30, end, seed: 7 };

  it('gives the same events, ids included, for the same options', () => {
    const first = [...demoPopulation(small)];
    expect(first.length).toBeGreaterThan(1000);
    expect([...demoPopulation(small)]).toEqual(first);
    const ids = first.map((event) => event.insert_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids.map((id) => id.length))).toBeLessThanOrEqual(128);
  });

  it.each([
    ['seed', { seed: 8 }],
    ['end', { end: new Date('2026-05-02T00:00:00Z') }],
    ['player count', { players: 301 }],
    ['day count', { days: 31 }],
  ])('gives other insert_ids for another %s, so populations never collide', (_, change) => {
    const ids = new Set([...demoPopulation(small)].map((event) => event.insert_id));
    const other = [...demoPopulation({ ...small, ...change })];
    expect(other.filter((event) => ids.has(event.insert_id))).toEqual([]);
  });

  it('sends nothing at or after an end in the middle of a day, but does fill that day', () => {
    const midDay = new Date('2026-03-17T13:37:00Z');
    const events = [...demoPopulation({ players: 2000, days: 14, end: midDay })];
    const times = events.map((event) => Date.parse(event.timestamp));
    expect(Math.max(...times)).toBeLessThan(midDay.getTime());
    expect(times.filter((ms) => ms >= Date.parse('2026-03-17T00:00:00Z')).length).toBeGreaterThan(100);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2026-03-04T00:00:00Z'));
  });

  it('generates lazily, player by player', () => {
    // Building a million players up front would take minutes; the first one takes milliseconds.
    const first = demoPopulation({ players: 1_000_000, end }).next();
    expect(first.value).toMatchObject({ name: 'install', user_id: 'demo-player-000000' });
  });

  it.each([
    [{ players: 0 }, /players/],
    [{ players: 1.5 }, /players/],
    [{ players: 1_000_001 }, /players/],
    [{ days: 0 }, /days/],
    [{ days: 401 }, /days/],
    [{ seed: 0.5 }, /seed/],
    [{ end: new Date('not a date') }, /end/],
  ])('refuses %j at the call', (change, message) => {
    expect(() => demoPopulation({ end, ...change })).toThrow(message);
  });
});
