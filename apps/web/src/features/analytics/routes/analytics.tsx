import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { ErrorAlert } from '../../../components/ui/alert';
import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { usePinChart } from '../api/dashboard';
import { useEventCatalogue, useExplore } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { AnalyticsPage } from '../components/analytics-page';
import { ExploreControlsForm } from '../components/explore-controls-form';
import { ExploreResult } from '../components/explore-result';
import { PinChartDialog } from '../components/pin-chart-dialog';
import {
  type ExploreControls,
  exploreProblem,
  exploreQuery,
  exploreTitle,
  hourlyRefusal,
  pinnedQuery,
  readExploreControls,
  truncatedNote,
  writeExploreControls,
} from '../lib/explore-controls';
import { exploreCsv, exploreCsvFileName } from '../lib/explore-csv';
import { downloadText } from '../lib/download-file';
import { formatRange } from '../lib/format';
import { hasFilters, useAnalyticsView } from '../view/analytics-view';
import { useViewParams } from '../../../hooks/use-view-params';

// /project/{identifier}/analytics (issue 8): the event explorer. Its question (event, measure,
// property, breakdown, chart) lives in the URL beside the shared view, so a reload, a shared link
// and the overview's top-event links (?event=name) open the same chart.
function AnalyticsRoute() {
  return (
    <AnalyticsPage
      title={projectPages.analytics.title}
      description="Ask any question of your events: how many, by how many players, or the sum or average of a number they carry, over time and broken down."
    >
      {(project) => <Explorer project={project} />}
    </AnalyticsPage>
  );
}

const granularityWords = { day: 'by day', week: 'by week', month: 'by month' } as const;

function Explorer({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const [params, setParams] = useViewParams();
  const navigate = useNavigate();
  const controls = readExploreControls(params);
  const hourlyProblem = hourlyRefusal(controls, view);
  const problem = hourlyProblem ?? exploreProblem(controls);
  const query = hourlyProblem === null ? exploreQuery(controls) : null;
  // The event list does not depend on the granularity: changing it does not ask again.
  const { granularity: _granularity, ...catalogueParams } = apiParams;
  const catalogue = useEventCatalogue(project.id, catalogueParams);
  const answer = useExplore(project.id, { ...apiParams, ...query }, { enabled: query !== null });
  const pin = usePinChart(project.id);
  const [pinning, setPinning] = useState(false);

  const change = (next: Partial<ExploreControls>) => {
    setParams((current) => writeExploreControls(current, next));
  };
  const title = exploreTitle(controls);
  const description = `${formatRange(view.from, view.to)} (UTC), ${controls.hourly ? 'by hour (UTC)' : granularityWords[view.granularity]}`;
  const empty = answer.data?.series.every((series) => series.points.every((point) => !point.value)) ?? false;

  const exportCsv = () => {
    if (!answer.data) return;
    downloadText(
      exploreCsv(answer.data),
      exploreCsvFileName({ project: project.identifier, event: controls.event, from: view.from, to: view.to }),
    );
  };

  const pinChart = async (chartTitle: string) => {
    await pin.mutateAsync({ title: chartTitle, chartType: controls.chart, query: pinnedQuery(controls, view) });
    setPinning(false);
    // The dashboard opens over the same dates (its charts take their range from its own URL).
    const range = new URLSearchParams(
      [...params].filter(([name]) => name === 'range' || name === 'from' || name === 'to'),
    );
    const dashboard = `${projectPages.dashboard.getHref(project.identifier)}${range.size > 0 ? `?${range.toString()}` : ''}`;
    notify.success(`Pinned “${chartTitle}” to the dashboard`, {
      label: 'Open dashboard',
      onClick: () => void navigate(dashboard),
    });
  };

  const placeholder =
    query === null ? (
      <p className="text-sm text-muted-foreground">{problem ?? 'Complete the question above to see the chart.'}</p>
    ) : answer.isPending ? (
      <div
        role="status"
        aria-label="Loading chart..."
        className="h-80 animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
      />
    ) : answer.isError ? (
      <LoadError
        message={getErrorMessage(answer.error, 'The chart could not be loaded.')}
        onRetry={() => void answer.refetch()}
      />
    ) : empty ? (
      <AnalyticsEmpty
        projectSlug={project.identifier}
        range={view}
        filtered={hasFilters(view)}
        title="No matching events in this range"
      />
    ) : null;

  return (
    <>
      <ExploreControlsForm controls={controls} catalogue={catalogue.data?.events} hourlyProblem={hourlyProblem} onChange={change} />
      {catalogue.isError && (
        <ErrorAlert>{getErrorMessage(catalogue.error, 'The list of events could not be loaded.')}</ErrorAlert>
      )}
      <ExploreResult
        title={title}
        description={description}
        answer={answer.data}
        chart={controls.chart}
        measure={controls.measure}
        granularity={controls.hourly ? 'hour' : view.granularity}
        placeholder={placeholder}
        updating={answer.isPlaceholderData}
        truncatedNote={truncatedNote(controls.measure)}
        onExport={exportCsv}
        onPin={
          query === null
            ? null
            : () => {
                pin.reset();
                setPinning(true);
              }
        }
      />
      {pinning && <PinChartDialog defaultTitle={title} onPin={pinChart} onClose={() => setPinning(false)} />}
    </>
  );
}

export { AnalyticsRoute as Component };
