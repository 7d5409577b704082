import type { EventCatalogue, Overview } from '@questboard/shared/analytics-answers';

import { formatCount } from '../lib/format';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { EventNameCell } from './event-name-cell';

/**
 * The events sent most in the range, each linking to the explorer. Their users come from the event
 * list of the same view (the overview answer counts events only); '—' until it is there.
 */
export function OverviewTopEvents({
  projectSlug,
  events,
  catalogue,
}: {
  projectSlug: string;
  events: Overview['topEvents'];
  catalogue: EventCatalogue | undefined;
}) {
  const usersOf = (name: string) => catalogue?.events.find((event) => event.name === name)?.users ?? null;
  return (
    <SectionCard title="Top events" description="The events sent most in the range. Open one to explore it.">
      <ScrollTable label="Top events table">
        <table className={tableClasses.table}>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Event
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Count
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Users
              </th>
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {events.map((event) => (
              <tr key={event.name}>
                <EventNameCell projectSlug={projectSlug} name={event.name} />
                <td className={tableClasses.tdNumber}>{formatCount(event.count)}</td>
                <td className={tableClasses.tdNumber}>{formatCount(usersOf(event.name))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </SectionCard>
  );
}
