import { LayoutDashboard } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DashboardChart } from '@questboard/shared/analytics-dashboard';
import type { Project } from '@questboard/shared/projects';

import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useDashboard, useRemoveChart, useSaveChartOrder } from '../api/dashboard';
import { AnalyticsPage } from '../components/analytics-page';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { DashboardChartCard } from '../components/dashboard-chart-card';
import { ORDER_FAILED_MESSAGE, moveChart } from '../lib/dashboard-order';
import { pinnedChartSearch } from '../lib/explore-controls';
import { useAnalyticsView } from '../view/analytics-view';

// /project/{identifier}/dashboard (issue 8): the charts pinned from the explorer, in the order the
// team set. The toolbar's range applies to every chart; each keeps its own granularity and filters.
function DashboardRoute() {
  return (
    <AnalyticsPage
      title={projectPages.dashboard.title}
      description="The charts your team pinned from Analytics, over the range chosen here. Each chart keeps its own granularity and filters."
      showGranularity={false}
      showFilters={false}
    >
      {(project) => <Dashboard project={project} />}
    </AnalyticsPage>
  );
}

function Dashboard({ project }: { project: Project }) {
  const { view } = useAnalyticsView();
  const [params] = useSearchParams();
  const dashboard = useDashboard(project.id);
  const saveOrder = useSaveChartOrder(project.id);
  const remove = useRemoveChart(project.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useConfirmation<DashboardChart>(headingRef);
  const [announcement, setAnnouncement] = useState('');

  if (dashboard.isPending) return <AnalyticsSkeleton label="Loading dashboard..." cards={0} charts={2} table={false} />;
  if (dashboard.isError) {
    return (
      <LoadError
        message={getErrorMessage(dashboard.error, 'The dashboard could not be loaded.')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }

  const charts = dashboard.data.charts;
  const explorer = projectPages.analytics.getHref(project.identifier);
  if (charts.length === 0) return <EmptyDashboard explorerHref={explorer} />;

  const move = (chart: DashboardChart, offset: -1 | 1) => {
    const ids = moveChart(
      charts.map(({ id }) => id),
      chart.id,
      offset,
    );
    setAnnouncement(`Moved “${chart.title}” to position ${ids.indexOf(chart.id) + 1} of ${ids.length}.`);
    saveOrder.mutate(ids, {
      onError: () => {
        setAnnouncement(ORDER_FAILED_MESSAGE);
        notify.error(ORDER_FAILED_MESSAGE);
      },
    });
  };

  const subject = removal.subject;
  return (
    <>
      {/* Where focus goes after a removal took away the button that had it. */}
      <h2 ref={headingRef} tabIndex={-1} className="-mb-2 text-sm font-medium text-muted-foreground outline-none">
        {charts.length} pinned {charts.length === 1 ? 'chart' : 'charts'}
      </h2>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ul aria-label="Pinned charts" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {charts.map((chart, index) => (
          <li key={chart.id} className="min-w-0">
            <DashboardChartCard
              projectId={project.id}
              chart={chart}
              range={view}
              explorerHref={`${explorer}${pinnedChartSearch(chart, params)}`}
              position={index}
              count={charts.length}
              onMove={(offset) => {
                move(chart, offset);
              }}
              onRemove={() => {
                removal.ask(chart);
              }}
            />
          </li>
        ))}
      </ul>
      {subject && (
        <ConfirmDialog
          title="Remove this chart?"
          description={
            <>
              “{subject.title}” leaves the dashboard for everyone in the project. You can pin it again from Analytics.
            </>
          }
          confirmLabel="Remove chart"
          destructive
          failureMessage="The chart could not be removed. Try again."
          onConfirm={async () => {
            await remove.mutateAsync(subject.id);
            removal.succeeded();
            notify.success(`Removed “${subject.title}” from the dashboard`);
          }}
          onClose={removal.close}
        />
      )}
    </>
  );
}

function EmptyDashboard({ explorerHref }: { explorerHref: string }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-6">
      <LayoutDashboard aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-base font-semibold tracking-tight">No charts pinned yet</h2>
      <p className="max-w-prose text-sm text-pretty text-muted-foreground">
        The dashboard gathers the charts your team looks at every day. Build a chart in Analytics (an event, a measure
        and a breakdown), then choose Pin to dashboard: it appears here, over the range chosen above.
      </p>
      <Link to={explorerHref} className={buttonClasses('primary', 'sm')}>
        Pin charts from Analytics
      </Link>
    </Card>
  );
}

export { DashboardRoute as Component };
