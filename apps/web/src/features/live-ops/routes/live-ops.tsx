import { ContentLayout } from '../../../components/layouts/content-layout';
import { Spinner } from '../../../components/ui/spinner';
import { projectPages } from '../../../config/paths';
import { useCurrentProject } from '../../../lib/current-project';
import { useAuth } from '../../../lib/session/auth-context';
import { LiveOpsPage } from '../components/live-ops-page';
import { canEditLiveConfig } from '../../../lib/live-config/permissions';

// /project/{identifier}/live-ops (issue 15): remote config, live events and their versions.
function LiveOpsRoute() {
  const project = useCurrentProject();
  const role = useAuth().organizationData?.role;
  return (
    <ContentLayout title={projectPages.liveOps.title}>
      {project ? (
        <>
          <p className="mt-1 text-muted-foreground">{project.name}</p>
          <LiveOpsPage key={project.id} project={project} canEdit={role ? canEditLiveConfig(role) : false} />
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

export { LiveOpsRoute as Component };
