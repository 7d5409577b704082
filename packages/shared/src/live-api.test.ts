import { describe, expect, it } from 'vitest';
import { liveEventPhase, playerFromQuery } from './live-api';

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
