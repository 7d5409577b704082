import { ContentLayout } from '../../components/layouts/content-layout';
import { Spinner } from '../../components/ui/spinner';
import { projectPages } from '../../config/paths';
import { useCurrentProject } from '../../lib/current-project';
import { canEditLiveConfig } from '../../lib/live-config/permissions';
import { useAuth } from '../../lib/session/auth-context';
import { Chart } from '../../features/analytics/components/chart';
import type { ChartSlotProps } from '../../features/experiments/components/chart-slot';
import { ExperimentsPage } from '../../features/experiments/components/experiments-page';

// /project/{identifier}/experiments (issue 16): the experiments feature, its chart over time drawn
// by the analytics pages' chart; app/ composes the two features (ADR 014).

const renderChart = (props: ChartSlotProps) => <Chart {...props} />;

function ExperimentsRoute() {
  const project = useCurrentProject();
  const role = useAuth().organizationData?.role;
  return (
    <ContentLayout title={projectPages.experiments.title}>
      {project ? (
        <>
          <p className="mt-1 text-muted-foreground">{project.name}</p>
          <div className="mt-6">
            <ExperimentsPage key={project.id} project={project} canEdit={role ? canEditLiveConfig(role) : false} renderChart={renderChart} />
          </div>
        </>
      ) : (
        <div role="status" className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading project...
        </div>
      )}
    </ContentLayout>
  );
}

export { ExperimentsRoute as Component };
