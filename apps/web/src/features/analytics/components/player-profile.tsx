import type { Player } from '@questboard/shared/analytics-player';

import { Badge } from '../../../components/ui/badge';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { formatCount, formatDateTime, formatDuration, formatMoney } from '../lib/format';
import { ExcludedPurchasesNote } from './excluded-purchases-note';

/** Properties in one line: level=3, score=1200 (strings quoted only when they hold a comma). */
export function compactProperties(properties: Player['recentEvents'][number]['properties']): string {
  return Object.entries(properties)
    .map(([key, value]) => `${key}=${typeof value === 'string' && value.includes(',') ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** What is known of one player: facts, latest sessions and latest events (newest first). */
export function PlayerProfile({ player }: { player: Player }) {
  const facts: [string, string][] = [
    ['First seen', formatDateTime(player.firstSeen)],
    ['Last seen', formatDateTime(player.lastSeen)],
    ['Events', formatCount(player.events)],
    ['Sessions', formatCount(player.sessions)],
    ['Purchases', formatCount(player.purchases)],
    // In the project's reporting currency; without counted purchases there is no amount to show.
    ['Revenue', player.purchases === 0 ? 'None' : formatMoney(player.revenue, player.currency)],
    ['Platform', player.platform ?? 'Not set'],
    ['Country', player.country ?? 'Not set'],
    ['App version', player.appVersion ?? 'Not set'],
  ];
  return (
    <section aria-label={`Player ${player.userId}`} className="flex min-w-0 flex-col gap-5 border-t pt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold break-all">Player {player.userId}</h3>
        {player.demo && <Badge tone="info">Demo data</Badge>}
      </div>
      <ExcludedPurchasesNote excluded={player.excludedPurchases} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:gap-x-6 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex min-w-0 flex-col gap-2">
        <h4 className="text-sm font-semibold">Latest sessions</h4>
        {player.recentSessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sessions.</p>
        ) : (
          <ScrollTable label="Latest sessions table" className="max-h-80 overflow-y-auto">
            <table className={tableClasses.table}>
              <thead className={`${tableClasses.head} sticky top-0 z-10 bg-card`}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    Started
                  </th>
                  <th scope="col" className={tableClasses.thNumber}>
                    Length
                  </th>
                  <th scope="col" className={tableClasses.thNumber}>
                    Events
                  </th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {player.recentSessions.map((session) => (
                  <tr key={`${session.sessionId ?? ''}${session.start}`}>
                    <td className={tableClasses.td}>{formatDateTime(session.start)}</td>
                    <td className={tableClasses.tdNumber}>{formatDuration(session.lengthSeconds)}</td>
                    <td className={tableClasses.tdNumber}>{formatCount(session.events)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h4 className="text-sm font-semibold">Latest events</h4>
        <ol
          aria-label="Latest events"
          // It scrolls: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable).
          tabIndex={0}
          className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {player.recentEvents.map((event) => (
            <li key={event.insert_id} className="flex min-w-0 flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={event.timestamp} className="shrink-0 text-xs text-muted-foreground tabular-nums sm:w-48">
                {formatDateTime(event.timestamp)}
              </time>
              <span className="shrink-0 font-medium">{event.name}</span>
              <span className="min-w-0 truncate font-mono text-xs text-muted-foreground" title={compactProperties(event.properties)}>
                {[event.revenue_amount !== null ? formatMoney(event.revenue_amount, event.currency) : null, event.product_id, compactProperties(event.properties)]
                  .filter((part) => part !== null && part !== '')
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
