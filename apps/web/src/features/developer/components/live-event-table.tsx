import { formatDateTime, formatRelativeTime } from '@questboard/shared/dates';
import type { StoredEvent } from '@questboard/shared/events';

import { Badge } from '../../../components/ui/badge';

const none = <span className="text-muted-foreground">—</span>;

/** The latest events, newest first. Narrow windows scroll the table sideways. */
export function LiveEventTable({ events, now }: { events: StoredEvent[]; now: Date }) {
  return (
    <div role="region" aria-label="Latest events" tabIndex={0} className="-mx-5 overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:-mx-6">
      <table className="w-full min-w-[600px] text-left text-sm">
        <caption className="sr-only">The latest events received, newest first</caption>
        <thead className="border-y bg-muted/60 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 pl-5 font-medium sm:pl-6">Received</th>
            <th scope="col" className="px-3 py-2 font-medium">Event</th>
            <th scope="col" className="px-3 py-2 font-medium">User</th>
            <th scope="col" className="px-3 py-2 font-medium">Platform</th>
            <th scope="col" className="py-2 pr-5 pl-3 font-medium sm:pr-6">Country</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {events.map((event) => (
            <tr key={event.insert_id}>
              <td className="py-2.5 pr-3 pl-5 whitespace-nowrap text-muted-foreground tabular-nums sm:pl-6">
                <time dateTime={event.received_at} title={formatDateTime(event.received_at)}>
                  {formatRelativeTime(event.received_at, now)}
                </time>
              </td>
              <td className="px-3 py-2.5">
                <span className="flex items-center gap-2">
                  <span className="max-w-56 truncate font-mono text-[13px]" title={event.name}>
                    {event.name}
                  </span>
                  {event.demo && <Badge tone="info">Demo</Badge>}
                </span>
              </td>
              <td className="max-w-48 truncate px-3 py-2.5 font-mono text-[13px]" title={event.user_id}>
                {event.user_id}
              </td>
              <td className="px-3 py-2.5">{event.platform ?? none}</td>
              <td className="py-2.5 pr-5 pl-3 sm:pr-6">{event.country ?? none}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
