import { describe, expect, it } from 'vitest';

import { eventProgress, eventTimeline, formatUtc } from './event-timeline';

const event = (name: string, startsAt: string, endsAt: string) => ({ name, startsAt, endsAt });
const now = new Date('2026-10-31T12:00:00Z');

describe('eventTimeline', () => {
  it('groups by the server clock: a start is inclusive, an end exclusive', () => {
    const timeline = eventTimeline(
      [
        event('ended long ago', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
        event('ends now', '2026-10-30T00:00:00Z', '2026-10-31T12:00:00Z'),
        event('starts now', '2026-10-31T12:00:00Z', '2026-11-02T00:00:00Z'),
        event('later', '2026-12-24T00:00:00Z', '2026-12-27T00:00:00Z'),
        event('soon', '2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z'),
        event('halloween', '2026-10-30T00:00:00Z', '2026-11-01T00:00:00Z'),
      ],
      now,
    );
    expect(timeline.live.map((item) => item.name)).toEqual(['halloween', 'starts now']);
    expect(timeline.upcoming.map((item) => item.name)).toEqual(['soon', 'later']);
    expect(timeline.ended.map((item) => item.name)).toEqual(['ends now', 'ended long ago']);
  });

  it('measures how far a live event is through its window', () => {
    expect(eventProgress(event('a', '2026-10-31T00:00:00Z', '2026-11-01T00:00:00Z'), now)).toBe(50);
    expect(eventProgress(event('b', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'), now)).toBe(0);
    expect(eventProgress(event('c', '2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z'), now)).toBe(100);
  });

  it('writes instants in UTC', () => {
    expect(formatUtc('2026-10-30T00:00:00Z')).toBe('Oct 30, 2026, 00:00 UTC');
    expect(formatUtc('nope')).toBe('Invalid date');
  });
});
