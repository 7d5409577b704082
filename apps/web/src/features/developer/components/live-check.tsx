import { Radio } from 'lucide-react';
import { useEffect } from 'react';
import { formatDateTime, formatRelativeTime } from '@questboard/shared/dates';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { LIVE_CHECK_INTERVAL_MS, LIVE_CHECK_RETRY_INTERVAL_MS, useLatestEvents } from '../api/get-latest-events';
import { FIRST_EVENT_SECTION_ID } from './first-event-snippets';
import { LiveEventTable } from './live-event-table';
import { useNow } from './use-now';

const LIVE_CHECK_FAILED = 'Failed to refresh the live check';

function LiveIndicator({ failing }: { failing: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-xs font-medium text-muted-foreground">
      <span aria-hidden="true" className="relative flex size-2.5">
        {!failing && <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60 motion-reduce:animate-none" />}
        <span className={`relative inline-flex size-2.5 rounded-full ${failing ? 'bg-muted-foreground' : 'bg-success'}`} />
      </span>
      {failing ? 'Paused' : `Live · every ${LIVE_CHECK_INTERVAL_MS / 1000} s`}
    </span>
  );
}

function Stat({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border bg-muted/50 px-4 py-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-semibold tracking-tight tabular-nums" title={title}>
        {value}
      </dd>
    </div>
  );
}

/** The events the project received last, refreshed every 3 s while the page is visible. */
export function LiveCheck({ projectId }: { projectId: string }) {
  const latest = useLatestEvents(projectId);
  const now = useNow(10_000);
  const summary = latest.data?.summary;
  const events = latest.data?.events;
  const failing = latest.isError;

  // One toast when the refresh starts failing, not one per attempt; the card says it meanwhile.
  useEffect(() => {
    if (failing) notify.error(LIVE_CHECK_FAILED);
  }, [failing]);

  return (
    <SettingsSection
      title="Live check"
      description="The latest events this project received, as they arrive."
      aside={<LiveIndicator failing={failing} />}
    >
      {failing && (
        <div className="mb-4">
          <LoadError
            message={`${getErrorMessage(latest.error, LIVE_CHECK_FAILED)} The live check tries again every ${LIVE_CHECK_RETRY_INTERVAL_MS / 1000} seconds.`}
            onRetry={() => void latest.refetch()}
          />
        </div>
      )}
      {latest.isPending && <ListSkeleton label="Loading the latest events..." rows={2} />}
      {summary && (
        <dl className="mb-4 grid grid-cols-2 gap-3">
          <Stat label="Events received" value={summary.totalEvents.toLocaleString('en-US')} />
          <Stat
            label="Last received"
            value={formatRelativeTime(summary.lastReceivedAt, now)}
            title={summary.lastReceivedAt ? formatDateTime(summary.lastReceivedAt) : undefined}
          />
        </dl>
      )}
      {events?.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground">
            <Radio className="size-5" />
          </span>
          <p className="text-sm font-medium">Waiting for the first event…</p>
          <p className="max-w-sm text-sm text-pretty text-muted-foreground">
            Send one with a{' '}
            <a href={`#${FIRST_EVENT_SECTION_ID}`} className="rounded-sm font-medium text-link underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring">
              snippet above
            </a>
            ; it appears here within seconds.
          </p>
        </div>
      )}
      {events && events.length > 0 && <LiveEventTable events={events} now={now} />}
    </SettingsSection>
  );
}
