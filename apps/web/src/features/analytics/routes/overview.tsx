import { useMemo } from 'react';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useEventCatalogue, useOverview } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { AnalyticsPage } from '../components/analytics-page';
import { SectionCard } from '../../../components/ui/section-card';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { Chart } from '../components/chart';
import { lineOrBarOption } from '../components/chart-options';
import { ExcludedPurchasesNote } from '../components/excluded-purchases-note';
import { MetricCard } from '../components/metric-card';
import { MetricGroup } from '../components/metric-group';
import { OverviewTopEvents } from '../components/overview-top-events';
import { UpdatingNote } from '../components/updating-note';
import { formatCount, formatRange } from '../lib/format';
import { bucketLabel } from '../lib/incomplete-buckets';
import { comparisonCaption, incompletePoints } from '../lib/overview-comparison';
import { overviewCardSpecs } from '../lib/overview-cards';
import { hasFilters, useAnalyticsView } from '../view/analytics-view';

// /project/{identifier}/overview: the headline figures of the range against the range before it
// (docs/decisions/010 "Overview cards"), the daily players and the events sent most.
function OverviewRoute() {
  return (
    <AnalyticsPage
      title={projectPages.overview.title}
      description="The game at a glance: players, sessions, revenue and retention over the range, each compared with the range of the same length just before it."
    >
      {(project) => <OverviewContent project={project} />}
    </AnalyticsPage>
  );
}

function OverviewContent({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const overview = useOverview(project.id, apiParams);
  const catalogue = useEventCatalogue(project.id, apiParams);

  if (overview.isPending) return <AnalyticsSkeleton label="Loading overview..." cards={9} />;
  if (overview.isError) {
    return <LoadError message={getErrorMessage(overview.error, 'Failed to load the overview')} onRetry={() => void overview.refetch()} />;
  }
  const data = overview.data;
  if (data.totalEvents === 0 && !overview.isPlaceholderData) {
    return <AnalyticsEmpty projectSlug={project.identifier} range={data.range} filtered={hasFilters(view)} />;
  }
  return (
    <div aria-busy={overview.isPlaceholderData} className="flex flex-col gap-6">
      <UpdatingNote updating={overview.isPlaceholderData} />
      <ExcludedPurchasesNote excluded={data.excludedPurchases} />
      <OverviewCards overview={data} />
      <PlayersChart overview={data} granularity={view.granularity} />
      <OverviewTopEvents projectSlug={project.identifier} events={data.topEvents} catalogue={catalogue.data} />
    </div>
  );
}

function OverviewCards({ overview }: { overview: Overview }) {
  return (
    <MetricGroup title="Key figures" className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{comparisonCaption(overview)}</p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {overviewCardSpecs.map((spec) => {
          const card = overview.cards.find((candidate) => candidate.key === spec.key);
          return (
            <MetricCard
              key={spec.key}
              label={spec.label}
              value={card?.value ?? null}
              previous={card?.previous ?? null}
              format={spec.format(overview.currency)}
              changeMode={spec.changeMode}
              points={card?.series.map((point) => point.value)}
              incompletePoints={card && incompletePoints(card.series, overview.incomplete)}
              definition={spec.definition}
              detail={spec.detail}
            />
          );
        })}
      </div>
    </MetricGroup>
  );
}

function PlayersChart({ overview, granularity }: { overview: Overview; granularity: 'day' | 'week' | 'month' }) {
  const [dau, newUsers] = useMemo(
    () => [overview.cards.find((card) => card.key === 'dau')?.series ?? [], overview.cards.find((card) => card.key === 'new-users')?.series ?? []],
    [overview.cards],
  );
  const option = useMemo(
    () =>
      lineOrBarOption({
        series: [
          { name: 'DAU', points: dau },
          { name: 'New users', points: newUsers, kind: 'bar' },
        ],
        granularity,
        incomplete: overview.incomplete,
      }),
    [dau, newUsers, granularity, overview.incomplete],
  );
  const title = granularity === 'day' ? 'Daily active and new users' : `Active and new users per ${granularity}`;
  return (
    <SectionCard title={title} description={granularity === 'day' ? undefined : `DAU is the average of the ${granularity}'s days.`}>
      <Chart
        option={option}
        ariaLabel={`${title}, ${formatRange(overview.range.from, overview.range.to)}`}
        table={{
          columns: ['Date', 'DAU', 'New users'],
          rows: dau.map((point, index) => [
            bucketLabel(point.date, granularity, overview.incomplete),
            formatCount(point.value),
            formatCount(newUsers[index]?.value ?? null),
          ]),
        }}
      />
    </SectionCard>
  );
}

export { OverviewRoute as Component };
