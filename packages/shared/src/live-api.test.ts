import { describe, expect, it } from 'vitest';
import { playerContextSchema } from './live-config';
import { isPlainConfigQuery, liveConfigQuerySchema, liveEventPhase, plainPlayer, playerFromQuery } from './live-api';

describe('liveEventPhase', () => {
  const halloween = { startsAt: '2026-10-30T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' };
  it.each([
    ['2026-10-29T23:59:59.999Z', 'upcoming'],
    ['2026-10-30T00:00:00.000Z', 'live'],
    ['2026-11-01T23:59:59.999Z', 'live'],
    ['2026-11-02T00:00:00.000Z', 'ended'],
  ] as const)('at %s the event is %s (start inclusive, end exclusive)', (now, phase) => {
    expect(liveEventPhase(halloween, new Date(now))).toBe(phase);
  });
});

describe('playerFromQuery', () => {
  it('reads the contract query into the player, properties parsed from JSON', () => {
    expect(
      playerFromQuery({
        user_id: 'p1',
        platform: 'ios',
        country: 'DE',
        app_version: '1.2.0',
        properties: '{"level":12,"vip":true}',
      }),
    ).toEqual({
      player: {
        userId: 'p1',
        platform: 'ios',
        country: 'DE',
        appVersion: '1.2.0',
        properties: { level: 12, vip: true },
      },
    });
    expect(playerFromQuery({ user_id: 'p1' })).toEqual({ player: { userId: 'p1' } });
  });

  it.each([
    ['[1,2]', 'properties must be a URL-encoded JSON object, e.g. {"level":12}.'],
    ['null', 'properties must be a URL-encoded JSON object, e.g. {"level":12}.'],
    ['{level:12', 'properties must be a URL-encoded JSON object, e.g. {"level":12}.'],
  ])('refuses properties %s', (properties, error) => {
    expect(playerFromQuery({ user_id: 'p1', properties })).toEqual({ error });
  });

  it('names the query field of the first problem', () => {
    expect(playerFromQuery({ user_id: 'p1', properties: '{"nested":{"a":1}}' })).toEqual({
      error: 'properties: A player property must be text (at most 1024 characters), a number, true, false or null',
    });
    expect(playerFromQuery({ user_id: '' })).toEqual({ error: 'user_id is required' });
    expect(playerFromQuery({ user_id: 'p1', app_version: 'x'.repeat(40) })).toEqual({
      error: 'app_version must be at most 32 characters',
    });
  });
});

describe('the per-request fast paths against the schemas, over seeded random queries', () => {
  // mulberry32: the same queries on every run.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const r = random(20261127);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
  // Lengths on both sides of every limit, and values of every kind a query or JSON can hold.
  const text = () => 'é'.repeat(pick([0, 1, 2, 3, 31, 32, 33, 64, 65, 256, 257, 1024, 1025]));
  const field = () => pick<unknown>([undefined, undefined, text(), text(), text(), ['a', 'b'], 7]);
  const propertyValue = () => pick<unknown>([text(), 12, -0.5, true, false, null, { a: 1 }, [1], 'x']);
  const propertyName = () => pick(['level', 'vip', '', '__proto__', 'n'.repeat(64), 'n'.repeat(65), 'constructor']);
  function randomProperties(): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    const count = pick([0, 1, 3, 50, 51]);
    for (let index = 0; index < count; index += 1) {
      const name = count > 5 ? `p${index}` : propertyName();
      Object.defineProperty(properties, name, { value: propertyValue(), enumerable: true, writable: true, configurable: true });
    }
    return properties;
  }

  it('accepts a query only when liveConfigQuerySchema gives it back unchanged', () => {
    let plain = 0;
    for (let index = 0; index < 3000; index += 1) {
      const query: Record<string, unknown> = { user_id: pick<unknown>([text(), text(), text(), undefined, 42]) };
      for (const name of ['platform', 'country', 'app_version', 'properties', 'other']) {
        if (name === 'other' && r() < 0.8) continue;
        const value = name === 'properties' && r() < 0.5 ? 'x'.repeat(pick([8192, 8193])) : field();
        if (value !== undefined || r() < 0.1) query[name] = value;
      }
      if (!isPlainConfigQuery(query)) continue;
      plain += 1;
      const parsed = liveConfigQuerySchema.safeParse(query);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toStrictEqual(query);
    }
    expect(plain).toBeGreaterThan(100);
  });

  it('gives the same player as playerContextSchema whenever it gives one', () => {
    let plain = 0;
    for (let index = 0; index < 3000; index += 1) {
      const query = {
        user_id: text(),
        ...(r() < 0.7 ? { platform: text() } : {}),
        ...(r() < 0.7 ? { country: pick(['', 'D', 'DE', 'DEU']) } : {}),
        ...(r() < 0.7 ? { app_version: text() } : {}),
      };
      const properties = r() < 0.8 ? randomProperties() : undefined;
      const player = plainPlayer(query, properties);
      if (player === null) continue;
      plain += 1;
      const parsed = playerContextSchema.safeParse({
        userId: query.user_id,
        platform: query.platform,
        country: query.country,
        appVersion: query.app_version,
        properties,
      });
      expect(parsed.success).toBe(true);
      expect(player).toEqual(parsed.data);
    }
    expect(plain).toBeGreaterThan(100);
  });

  it('leaves the refusals to the schema, with its words', () => {
    expect(playerFromQuery({ user_id: 'p1', properties: JSON.stringify({ ['n'.repeat(65)]: 1 }) })).toHaveProperty('error');
    const proto = '{"__proto__":1}';
    const viaSchema = playerContextSchema.safeParse({ userId: 'p1', properties: JSON.parse(proto) as unknown });
    expect('player' in playerFromQuery({ user_id: 'p1', properties: proto })).toBe(viaSchema.success);
  });
});
