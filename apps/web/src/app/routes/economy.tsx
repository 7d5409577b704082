import { projectPages } from '../../config/paths';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page';
import { Chart } from '../../features/analytics/components/chart';
import { useAnalyticsView } from '../../features/analytics/view/analytics-view';
import { EconomyView } from '../../features/game-design/components/economy-view';
import type { ChartSlotProps } from '../../features/game-design/components/parts';

// /project/{identifier}/economy (issue 17): the game-design feature's economy view in the analytics
// pages' frame (range, granularity and filters in the address) and with their chart; app/
// composes the two features (ADR 014).

const renderChart = (props: ChartSlotProps) => <Chart {...props} />;

function EconomyContent({ projectId, projectSlug }: { projectId: string; projectSlug: string }) {
  const { apiParams } = useAnalyticsView();
  return <EconomyView projectId={projectId} projectSlug={projectSlug} apiParams={apiParams} renderChart={renderChart} />;
}

function EconomyRoute() {
  return (
    <AnalyticsPage
      title={projectPages.economy.title}
      description="Are your virtual currencies inflating? Per currency: what players earn and spend, by day, item and item type, and their median balance level by level."
    >
      {(project) => <EconomyContent projectId={project.id} projectSlug={project.identifier} />}
    </AnalyticsPage>
  );
}

export { EconomyRoute as Component };
