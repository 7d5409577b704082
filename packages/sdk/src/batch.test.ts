import { describe, expect, it } from 'vitest';
import { takeBatch, utf8Length } from './batch';
import type { IngestEvent } from './types';

const events: IngestEvent[] = Array.from({ length: 10 }, (_, index) => ({
  insert_id: `id-${index}`,
  name: 'level_up',
  user_id: 'player-1',
  timestamp: '2026-05-01T12:00:00.000Z',
  properties: { level: index },
}));

function bytesOf(body: string): number {
  return Buffer.byteLength(body, 'utf8');
}

describe('takeBatch', () => {
  it('takes the oldest events up to maxEvents, as a {"events": [...]} body', () => {
    const batch = takeBatch(events, { maxEvents: 4, maxBytes: 1_000_000 });
    expect(batch.events.map((event) => event.insert_id)).toEqual(['id-0', 'id-1', 'id-2', 'id-3']);
    expect(JSON.parse(batch.body)).toEqual({ events: events.slice(0, 4) });
  });

  it('stops before the event that would make the body larger than maxBytes', () => {
    const three = takeBatch(events, { maxEvents: 3, maxBytes: 1_000_000 });
    const fits = takeBatch(events, { maxEvents: 10, maxBytes: bytesOf(three.body) });
    expect(fits.events).toHaveLength(3);
    expect(bytesOf(fits.body)).toBe(bytesOf(three.body));
    expect(takeBatch(events, { maxEvents: 10, maxBytes: bytesOf(three.body) - 1 }).events).toHaveLength(2);
  });

  it('passes over the events in flight', () => {
    const batch = takeBatch(events, { maxEvents: 3, maxBytes: 1_000_000, skip: new Set(['id-0', 'id-2']) });
    expect(batch.events.map((event) => event.insert_id)).toEqual(['id-1', 'id-3', 'id-4']);
  });

  it('sends an event larger than maxBytes alone only when told to', () => {
    expect(takeBatch(events, { maxEvents: 10, maxBytes: 50 }).events).toHaveLength(0);
    expect(
      takeBatch(events, { maxEvents: 10, maxBytes: 50, oversizedAlone: true }).events.map((event) => event.insert_id),
    ).toEqual(['id-0']);
  });

  it('gives an empty batch for an empty queue', () => {
    expect(takeBatch([], { maxEvents: 10, maxBytes: 1000 }).events).toEqual([]);
  });
});

describe('utf8Length', () => {
  it.each(['', 'plain ascii', 'Grüße', '€100', 'emoji 😀 and 🎮', 'lone \ud800 surrogate', 'lone end \udc00'])(
    '%j',
    (text) => {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    },
  );
});
