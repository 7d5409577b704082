import { projectPages } from '../../config/paths';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page';
import { Chart } from '../../features/analytics/components/chart';
import { useAnalyticsView } from '../../features/analytics/view/analytics-view';
import { LevelsView } from '../../features/game-design/components/levels-view';
import type { ChartSlotProps } from '../../features/game-design/components/parts';

// /project/{identifier}/levels (issue 17): the game-design feature's level view in the analytics
// pages' frame (range and filters in the address) and with their chart; app/ composes the two
// features (ADR 014).

const renderChart = (props: ChartSlotProps) => <Chart {...props} />;

function LevelsContent({ projectId, projectSlug }: { projectId: string; projectSlug: string }) {
  const { apiParams } = useAnalyticsView();
  return <LevelsView projectId={projectId} projectSlug={projectSlug} apiParams={apiParams} renderChart={renderChart} />;
}

function LevelsRoute() {
  return (
    <AnalyticsPage
      title={projectPages.levels.title}
      showGranularity={false}
      description="Which levels stop players: per level, who reached it, starts, completes and fails, attempts per completion, time to complete, and who churned there."
    >
      {(project) => <LevelsContent projectId={project.id} projectSlug={project.identifier} />}
    </AnalyticsPage>
  );
}

export { LevelsRoute as Component };
