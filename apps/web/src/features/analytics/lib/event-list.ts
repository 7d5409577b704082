// The events page's table logic: search, sort, and which live events are new.
import type { EventCatalogue } from '@questboard/shared/analytics-answers';

export type CatalogueEvent = EventCatalogue['events'][number];
export type EventSortKey = 'name' | 'count' | 'users' | 'lastSeen';
export type SortDirection = 'ascending' | 'descending';

/** Events whose name or one of whose property keys contains the search (case-insensitive). */
export function searchEvents(events: CatalogueEvent[], search: string): CatalogueEvent[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return events;
  return events.filter(
    (event) => event.name.toLowerCase().includes(needle) || event.propertyKeys.some((key) => key.toLowerCase().includes(needle)),
  );
}

/** Sorted by one column; ties by name, so the order is stable. */
export function sortEvents(events: CatalogueEvent[], key: EventSortKey, direction: SortDirection): CatalogueEvent[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...events].sort((a, b) => {
    const order =
      key === 'name' ? a.name.localeCompare(b.name) : key === 'lastSeen' ? Date.parse(a.lastSeen) - Date.parse(b.lastSeen) : a[key] - b[key];
    return order !== 0 ? sign * order : a.name.localeCompare(b.name);
  });
}

/** The direction a column starts with: names A to Z, figures and times largest first. */
export const firstDirection = (key: EventSortKey): SortDirection => (key === 'name' ? 'ascending' : 'descending');

/** The ids in `current` that were not in `seen` (nothing is new on the first answer). */
export function newEventIds(seen: ReadonlySet<string> | null, current: readonly { insert_id: string }[]): Set<string> {
  if (seen === null) return new Set();
  return new Set(current.map((event) => event.insert_id).filter((id) => !seen.has(id)));
}
