import { describe, expect, it } from 'vitest';

import { type CatalogueEvent, newEventIds, searchEvents, sortEvents } from './event-list';

const event = (name: string, count: number, users: number, lastSeen: string, propertyKeys: string[] = []): CatalogueEvent => ({
  name,
  count,
  users,
  lastSeen,
  propertyKeys,
});
const events = [
  event('level_complete', 900, 70, '2026-03-10T10:00:00Z', ['level', 'score']),
  event('purchase', 31, 12, '2026-03-12T10:00:00Z', ['store']),
  event('ad_watched', 31, 50, '2026-03-01T10:00:00Z'),
];
const names = (list: CatalogueEvent[]) => list.map((item) => item.name);

describe('event list', () => {
  it('searches names and property keys, ignoring case', () => {
    expect(names(searchEvents(events, 'PUR'))).toEqual(['purchase']);
    expect(names(searchEvents(events, 'score'))).toEqual(['level_complete']);
    expect(names(searchEvents(events, '  '))).toEqual(names(events));
  });

  it.each([
    ['name', 'ascending', ['ad_watched', 'level_complete', 'purchase']],
    ['count', 'descending', ['level_complete', 'ad_watched', 'purchase']],
    ['count', 'ascending', ['ad_watched', 'purchase', 'level_complete']],
    ['users', 'descending', ['level_complete', 'ad_watched', 'purchase']],
    ['lastSeen', 'descending', ['purchase', 'level_complete', 'ad_watched']],
  ] as const)('sorts by %s %s (ties by name)', (key, direction, expected) => {
    expect(names(sortEvents(events, key, direction))).toEqual(expected);
  });

  it('marks as new only ids not seen before, none on the first answer', () => {
    expect(newEventIds(null, [{ insert_id: 'a' }])).toEqual(new Set());
    expect(newEventIds(new Set(['a']), [{ insert_id: 'b' }, { insert_id: 'a' }])).toEqual(new Set(['b']));
  });
});
