import { describe, expect, it } from 'vitest';
import { validateEvents } from './event-validation';

const receivedAt = new Date('2026-11-21T12:00:00Z');
const minimal = { insert_id: 'a', name: 'level_start', user_id: 'u1', timestamp: '2026-11-21T11:59:00Z' };
const full = {
  insert_id: 'b',
  name: 'purchase',
  user_id: 'u1',
  timestamp: '2026-11-21T13:00:00+01:00',
  session_id: 's1',
  platform: 'iOS',
  app_version: '1.2.0',
  build: '120',
  country: 'de',
  properties: { level: 3 },
  revenue_amount: 4.99,
  currency: 'eur',
  product_id: 'gems_100',
};

describe('validateEvents', () => {
  it('answers every accepted event in one shape, with what the server adds', () => {
    const { accepted, rejected } = validateEvents([minimal, full], receivedAt, true);
    expect(rejected).toEqual([]);
    // The same keys in the same order, whatever the game sent: the store reads them per field.
    expect(Object.keys(accepted[0]!)).toEqual(Object.keys(accepted[1]!));
    expect(accepted[0]).toMatchObject({ ...minimal, receivedAt, demo: true, timeMs: Date.parse(minimal.timestamp) });
    expect(accepted[0]!.platform).toBeUndefined();
    expect(accepted[1]).toMatchObject({ platform: 'ios', country: 'DE', currency: 'EUR', timeMs: Date.parse('2026-11-21T12:00:00Z') });
  });

  it('rejects times too old, older than the retention, and too far ahead, keeping the others', () => {
    const at = (timestamp: string, insert_id: string) => ({ ...minimal, insert_id, timestamp });
    const { accepted, rejected } = validateEvents(
      [at('2025-10-01T00:00:00Z', 'ancient'), at('2026-09-01T00:00:00Z', 'unretained'), at('2026-11-23T00:00:00Z', 'ahead'), minimal],
      receivedAt,
      false,
      30,
    );
    expect(accepted.map((event) => event.insert_id)).toEqual(['a']);
    expect(rejected).toEqual([
      { index: 0, insert_id: 'ancient', reason: 'timestamp is more than 400 days in the past' },
      { index: 1, insert_id: 'unretained', reason: "timestamp is older than this project's data retention of 30 days" },
      { index: 2, insert_id: 'ahead', reason: 'timestamp is more than 24 hours in the future' },
    ]);
  });
});
