import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useEventCatalogue } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { AnalyticsPage } from '../components/analytics-page';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { EventCatalogueTable } from '../components/event-catalogue-table';
import { LiveEventStream } from '../components/live-event-stream';
import { UpdatingNote } from '../components/updating-note';
import { hasFilters, useAnalyticsView } from '../view/analytics-view';

// /project/{identifier}/events: every event name the game sent in the range, with its figures and
// property keys, and the latest events as they arrive.
function EventsRoute() {
  return (
    <AnalyticsPage
      title={projectPages.events.title}
      description="The events your game sends: how often, by how many players, when last, and with which properties. Below, the latest events as they arrive."
      showGranularity={false}
    >
      {(project) => (
        <>
          <CatalogueContent project={project} />
          <LiveEventStream projectId={project.id} />
        </>
      )}
    </AnalyticsPage>
  );
}

function CatalogueContent({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const catalogue = useEventCatalogue(project.id, apiParams);

  if (catalogue.isPending) return <AnalyticsSkeleton label="Loading events..." cards={0} charts={0} />;
  if (catalogue.isError) {
    return <LoadError message={getErrorMessage(catalogue.error, 'Failed to load the events')} onRetry={() => void catalogue.refetch()} />;
  }
  if (catalogue.data.events.length === 0 && !catalogue.isPlaceholderData) {
    return <AnalyticsEmpty projectSlug={project.identifier} range={view} filtered={hasFilters(view)} />;
  }
  return (
    <div aria-busy={catalogue.isPlaceholderData} className="flex flex-col gap-2">
      <UpdatingNote updating={catalogue.isPlaceholderData} />
      <EventCatalogueTable projectSlug={project.identifier} events={catalogue.data.events} />
    </div>
  );
}

export { EventsRoute as Component };
