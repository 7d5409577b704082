import { useQueryClient } from '@tanstack/react-query';
import { Database, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { DEMO_PLAYERS_DEFAULT } from '@questboard/shared/developer';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { developerKeys } from '../api/developer-keys';
import { useDemoData } from '../api/get-demo-data';
import { useLatestEvents } from '../api/get-latest-events';
import { useLoadDemoData } from '../api/load-demo-data';
import { useRemoveDemoData } from '../api/remove-demo-data';
import { DemoProgress } from './demo-progress';
import { demoDataView } from './demo-data-view';

const count = (value: number) => value.toLocaleString('en-US');

const ownersRemove = 'Owners and admins can remove demo data.';

/**
 * Loading a made-up game into an empty project, following its progress, and removing it again.
 * Any member loads it; removing it deletes analytics data, so only owners and admins can (issue 21).
 */
export function DemoDataSection({ projectId, canRemove }: { projectId: string; canRemove: boolean }) {
  const status = useDemoData(projectId);
  const latest = useLatestEvents(projectId);
  const load = useLoadDemoData(projectId);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What the confirmation is about: stopping a load in progress, or removing loaded data.
  const confirmation = useConfirmation<'stop' | 'remove'>(headingRef);
  const summary = latest.data?.summary;
  const view = demoDataView(status.data, summary ?? (latest.isError ? null : undefined));
  const remove = useRemoveDemoData(projectId);
  const removing = remove.isPending;

  // The end of a load this page watched: a toast, and the live check shows the new events at once.
  const state = status.data?.state;
  const loadError = status.data?.error;
  const refetchLatest = latest.refetch;
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before !== 'running' || state === 'running' || state === undefined) return;
    if (state === 'done') notify.success('Demo data loaded');
    // Stopping a load on purpose ends it as failed ("Stopped."): no error to report then.
    if (state === 'failed' && !removing) notify.error(loadError ?? 'Loading the demo data failed');
    void refetchLatest();
    // The demo key has been used meanwhile.
    void queryClient.invalidateQueries({ queryKey: developerKeys.ingestKeys(projectId) });
  }, [state, loadError, refetchLatest, removing, queryClient, projectId]);

  const onLoad = () =>
    load.mutate(undefined, {
      onError: (error) => {
        notify.error(getErrorMessage(error, 'Failed to load demo data'));
        void status.refetch();
        void latest.refetch();
      },
    });

  return (
    <SettingsSection
      title="Demo data"
      headingRef={headingRef}
      description="A made-up game to explore the dashboards with before your own game sends anything."
    >
      {status.isError && (
        <LoadError message={getErrorMessage(status.error, 'Failed to read the demo data status')} onRetry={() => void status.refetch()} />
      )}
      {view.kind === 'checking' && !status.isError && <ListSkeleton label="Checking for demo data..." rows={1} />}

      {removing && (
        <div role="status" className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Spinner />
            Removing demo data…
          </p>
          <p className="text-sm text-muted-foreground">A million events can take a minute.</p>
        </div>
      )}

      {!removing && view.kind === 'available' && (
        <div className="flex flex-col items-start gap-4">
          {view.error && <ErrorAlert>{view.error}</ErrorAlert>}
          <div className="flex items-start gap-3">
            <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-link">
              <Database className="size-5" />
            </span>
            <p className="text-sm text-pretty text-muted-foreground">
              Loads {count(DEMO_PLAYERS_DEFAULT)} players over the last 90 days (about 1.2 million events: sessions, levels, ads
              and purchases) through the ingestion endpoint. Every demo event is labelled <strong className="font-medium text-foreground">Demo</strong>{' '}
              and can be removed in one go. It takes about a minute.
            </p>
          </div>
          <Button onClick={onLoad} disabled={load.isPending}>
            {load.isPending ? <Spinner /> : <Database aria-hidden="true" className="size-4" />}
            Load demo data
          </Button>
        </div>
      )}

      {!removing && view.kind === 'running' && (
        <div className="flex flex-col items-start gap-4">
          <DemoProgress sentEvents={view.sentEvents} players={view.players} percent={view.percent} />
          {canRemove ? (
            <Button variant="danger-outline" size="sm" onClick={() => confirmation.ask('stop')}>
              Stop and remove
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{ownersRemove}</p>
          )}
        </div>
      )}

      {!removing && view.kind === 'loaded' && (
        <div className="flex flex-col items-start gap-4">
          {view.error && <ErrorAlert>The load stopped before the end: {view.error}</ErrorAlert>}
          <p className="text-sm text-pretty">
            This project contains <strong className="font-semibold tabular-nums">{count(view.demoEvents)}</strong> demo events.{' '}
            <span className="text-muted-foreground">{canRemove ? 'Removing them leaves any event your game sent.' : ownersRemove}</span>
          </p>
          {canRemove && (
            <Button variant="danger-outline" onClick={() => confirmation.ask('remove')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove demo data
            </Button>
          )}
        </div>
      )}

      {!removing && view.kind === 'real-events' && (
        <p className="text-sm text-pretty text-muted-foreground">
          Demo data is only for empty projects. This project already receives events from your game, and made-up players would
          mix with the real ones.
        </p>
      )}

      {confirmation.subject && (
        <ConfirmDialog
          title={confirmation.subject === 'stop' ? 'Stop loading and remove the demo data?' : 'Remove the demo data?'}
          description="Every demo event of this project is deleted, and the dashboards show only what your game sent. You can load demo data again later while the project has no real events."
          confirmLabel="Remove demo data"
          destructive
          failureMessage="Failed to remove the demo data"
          // It may take a while: the section shows the progress, and toasts the outcome.
          onConfirm={async () => {
            remove.mutate(undefined, {
              onSuccess: ({ removedEvents }) =>
                notify.success(removedEvents === null ? 'Demo data removed' : `Demo data removed (${count(removedEvents)} events)`),
              onError: (error) => notify.error(getErrorMessage(error, 'Failed to remove the demo data')),
            });
            confirmation.succeeded();
          }}
          onClose={confirmation.close}
        />
      )}
    </SettingsSection>
  );
}
