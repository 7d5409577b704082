import type { RetentionMode } from '@questboard/shared/analytics-view';
import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useEngagement, useRetention } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { SectionCard } from '../../../components/ui/section-card';
import { AnalyticsPage } from '../components/analytics-page';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { EngagementOverTime, EngagementTotals, SessionLengthDistribution } from '../components/engagement-section';
import { CohortRetention, RetentionCurve } from '../components/retention-section';
import { readRetentionMode, writeRetentionMode } from '../lib/retention-matrix';
import { hasFilters, useAnalyticsView } from '../view/analytics-view';
import { useViewParams } from '../../../hooks/use-view-params';

// /project/{identifier}/engagement-retention (issue 8): cohort retention (classic or rolling,
// `mode` in the URL beside the shared view), its curve, and how long and how often people play.
function EngagementRetentionRoute() {
  return (
    <AnalyticsPage
      title={projectPages.engagementRetention.title}
      description="Do players come back after installing, and how long do they play? Cohorts are the users who installed in the range; activity after the range still counts for them."
    >
      {(project) => <EngagementRetention project={project} />}
    </AnalyticsPage>
  );
}

function EngagementRetention({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const [params, setParams] = useViewParams();
  const mode = readRetentionMode(params);
  const retention = useRetention(project.id, { ...apiParams, mode });
  const engagement = useEngagement(project.id, apiParams);
  const setMode = (next: RetentionMode) => {
    setParams((current) => writeRetentionMode(current, next));
  };

  if (retention.isPending || engagement.isPending) {
    return <AnalyticsSkeleton label="Loading engagement and retention..." cards={4} charts={2} />;
  }
  if (engagement.isError) {
    return (
      <LoadError
        message={getErrorMessage(engagement.error, 'Engagement could not be loaded.')}
        onRetry={() => void engagement.refetch()}
      />
    );
  }
  if (engagement.data.totals.sessions === 0 && !retention.isError && retention.data.cohorts.length === 0) {
    return <AnalyticsEmpty projectSlug={project.identifier} range={view} filtered={hasFilters(view)} />;
  }

  return (
    <>
      <EngagementTotals engagement={engagement.data} />
      {retention.isError ? (
        <SectionCard title="Cohort retention">
          <LoadError
            message={getErrorMessage(retention.error, 'Retention could not be loaded.')}
            onRetry={() => void retention.refetch()}
          />
        </SectionCard>
      ) : (
        <CohortRetention
          retention={retention.data}
          granularity={view.granularity}
          mode={mode}
          onModeChange={setMode}
          updating={retention.isPlaceholderData}
        />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {!retention.isError && <RetentionCurve retention={retention.data} />}
        <SessionLengthDistribution engagement={engagement.data} />
      </div>
      <EngagementOverTime engagement={engagement.data} granularity={view.granularity} />
    </>
  );
}

export { EngagementRetentionRoute as Component };
