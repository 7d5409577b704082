import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { getErrorMessage } from '../../../lib/api-error';
import { cn } from '../../../utils/cn';
import { LIVE_STREAM_INTERVAL_MS, useLatestEvents } from '../api/get-latest-events';
import { formatDateTime, formatMoney } from '../lib/format';
import { newEventIds } from '../lib/event-list';
import { compactProperties } from './player-profile';
import { SectionCard } from '../../../components/ui/section-card';

/** How long a new row stays highlighted. */
const HIGHLIGHT_MS = 2500;

/**
 * The newest events of the project as they arrive (every 3 s while the tab is visible), whatever
 * the view. New rows are highlighted for a moment (without the fade under reduced motion).
 */
export function LiveEventStream({ projectId }: { projectId: string }) {
  const [paused, setPaused] = useState(false);
  const latest = useLatestEvents(projectId, { paused });
  const events = latest.data?.events;
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!events) return;
    const added = newEventIds(seen.current, events);
    seen.current = new Set([...(seen.current ?? []), ...events.map((event) => event.insert_id)]);
    if (added.size === 0) return;
    const show = setTimeout(() => {
      setFresh(added);
    }, 0);
    const clear = setTimeout(() => {
      setFresh(new Set());
    }, HIGHLIGHT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(clear);
    };
  }, [events]);

  return (
    <SectionCard
      title="Live events"
      description={
        paused ? 'Paused. Events still arrive; play to see them.' : `The latest events of every player, checked every ${LIVE_STREAM_INTERVAL_MS / 1000} seconds while this tab is open.`
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          aria-pressed={paused}
          onClick={() => {
            setPaused(!paused);
          }}
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
      }
    >
      {latest.isPending ? (
        <ListSkeleton label="Loading the latest events..." rows={3} />
      ) : latest.isError && !events ? (
        <LoadError message={getErrorMessage(latest.error, 'Failed to load the latest events')} onRetry={() => void latest.refetch()} />
      ) : !events || events.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events yet. They appear here seconds after the game sends them.</p>
      ) : (
        <ol
          aria-label="Latest events"
          // It scrolls: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable).
          tabIndex={0}
          className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {events.map((event) => (
            <li
              key={event.insert_id}
              data-new={fresh.has(event.insert_id) || undefined}
              className={cn(
                'flex min-w-0 flex-col gap-0.5 px-3 py-2 text-sm transition-colors duration-1000 motion-reduce:transition-none sm:flex-row sm:items-baseline sm:gap-4',
                fresh.has(event.insert_id) && 'bg-primary/10',
              )}
            >
              <time dateTime={event.timestamp} className="shrink-0 text-xs text-muted-foreground tabular-nums sm:w-48">
                {formatDateTime(event.timestamp)}
              </time>
              <span className="shrink-0 font-medium">{event.name}</span>
              <span className="shrink-0 text-xs break-all text-muted-foreground">{event.user_id}</span>
              <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">
                {[event.platform, event.revenue_amount !== null ? formatMoney(event.revenue_amount, event.currency) : null, compactProperties(event.properties)]
                  .filter((part) => part !== null && part !== '')
                  .join(' · ')}
              </span>
              {fresh.has(event.insert_id) && <span className="sr-only">(new)</span>}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
