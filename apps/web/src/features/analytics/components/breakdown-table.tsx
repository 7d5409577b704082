import type { BreakdownRow } from '@questboard/shared/analytics-answers';

import { sharesExceedTotal } from '../lib/breakdown-shares';
import { formatCount } from '../lib/format';
import { ScrollTable, ShareBar, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';

/** Active players by one attribute (platform, country, app version), with each value's share. */
export function BreakdownTable({ title, rows, activeUsers }: { title: string; rows: BreakdownRow[]; activeUsers: number }) {
  return (
    <SectionCard title={`By ${title.toLowerCase()}`} description="Active users of the range, by the attribute of their events.">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events said their {title.toLowerCase()}.</p>
      ) : (
        <ScrollTable label={`Players by ${title.toLowerCase()} table`}>
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  {title}
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Users
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Share of users
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  New users
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Events
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {rows.map((row) => (
                <tr key={row.value ?? '(not set)'}>
                  <th scope="row" className={`${tableClasses.td} max-w-40 truncate font-medium`}>
                    {row.value ?? <span className="font-normal text-muted-foreground">Not set</span>}
                  </th>
                  <td className={tableClasses.tdNumber}>{formatCount(row.users)}</td>
                  <td className={tableClasses.tdNumber}>
                    <ShareBar share={activeUsers > 0 ? row.users / activeUsers : null} />
                  </td>
                  <td className={tableClasses.tdNumber}>{formatCount(row.newUsers)}</td>
                  <td className={tableClasses.tdNumber}>{formatCount(row.events)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {sharesExceedTotal(rows, activeUsers) && (
        <p className="text-xs text-pretty text-muted-foreground">
          The shares add up to more than 100%: a player counts under each {title.toLowerCase()} of their events in the range,
          for example under two app versions after an update.
        </p>
      )}
    </SectionCard>
  );
}
