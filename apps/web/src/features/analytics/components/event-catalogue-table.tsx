import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useId, useState } from 'react';

import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatCount, formatDateTime } from '../lib/format';
import { type CatalogueEvent, type EventSortKey, type SortDirection, firstDirection, searchEvents, sortEvents } from '../lib/event-list';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { EventNameCell } from './event-name-cell';

const columns: { key: EventSortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Event', numeric: false },
  { key: 'count', label: 'Count', numeric: true },
  { key: 'users', label: 'Users', numeric: true },
  { key: 'lastSeen', label: 'Last seen', numeric: false },
];

/** Every event name of the range: searchable by name or property key, sortable by each column. */
export function EventCatalogueTable({ projectSlug, events }: { projectSlug: string; events: CatalogueEvent[] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: EventSortKey; direction: SortDirection }>({ key: 'count', direction: 'descending' });
  const id = useId();
  const shown = sortEvents(searchEvents(events, search), sort.key, sort.direction);

  return (
    <SectionCard
      title="Event names"
      description={`${formatCount(events.length)} event ${events.length === 1 ? 'name' : 'names'} in the range. Open one to chart it in the explorer.`}
    >
      <div className="flex flex-col gap-1.5 sm:max-w-sm">
        <Label htmlFor={id}>Search events</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={id}
            type="search"
            value={search}
            placeholder="Name or property key"
            onChange={(event) => {
              setSearch(event.target.value);
            }}
            className="pl-9"
          />
        </div>
      </div>
      <p role="status" className="sr-only">
        {search.trim() === '' ? '' : `${shown.length} of ${events.length} events match`}
      </p>
      <ScrollTable label="Event names table">
        <table className={tableClasses.table}>
          <thead className={tableClasses.head}>
            <tr>
              {columns.map((column) => {
                const active = sort.key === column.key;
                const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={column.numeric ? tableClasses.thNumber : tableClasses.th}
                  >
                    <button
                      type="button"
                      onClick={() => {
                        setSort(
                          active
                            ? { key: column.key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
                            : { key: column.key, direction: firstDirection(column.key) },
                        );
                      }}
                      className="inline-flex cursor-pointer items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {column.label}
                      <Icon aria-hidden="true" className="size-3.5" />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className={tableClasses.th}>
                Property keys
              </th>
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {shown.map((event) => (
              <tr key={event.name}>
                <EventNameCell projectSlug={projectSlug} name={event.name} />
                <td className={tableClasses.tdNumber}>{formatCount(event.count)}</td>
                <td className={tableClasses.tdNumber}>{formatCount(event.users)}</td>
                <td className={tableClasses.td}>
                  <time dateTime={event.lastSeen}>{formatDateTime(event.lastSeen)}</time>
                </td>
                <td className="px-3 py-2">
                  {event.propertyKeys.length === 0 ? (
                    <span className="text-muted-foreground">None</span>
                  ) : (
                    <span className="flex max-w-md flex-wrap gap-1">
                      {event.propertyKeys.map((key) => (
                        <code key={key} className="rounded bg-muted px-1.5 py-0.5 text-xs">
                          {key}
                        </code>
                      ))}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {shown.length === 0 && <p className="text-sm text-muted-foreground">No event name or property key contains &ldquo;{search.trim()}&rdquo;.</p>}
    </SectionCard>
  );
}
