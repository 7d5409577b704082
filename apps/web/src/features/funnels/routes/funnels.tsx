import { ContentLayout } from '../../../components/layouts/content-layout';
import { Spinner } from '../../../components/ui/spinner';
import { projectPages } from '../../../config/paths';
import { useCurrentProject } from '../../../lib/current-project';
import { FunnelsPage } from '../components/funnels-page';

// /project/{identifier}/funnels (issue 17, ADR 027): ordered steps, conversion and the players who dropped.
function FunnelsRoute() {
  const project = useCurrentProject();
  return (
    <ContentLayout title={projectPages.funnels.title}>
      {project ? (
        <>
          <p className="mt-1 text-muted-foreground">{project.name}</p>
          <FunnelsPage key={project.id} project={project} />
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

export { FunnelsRoute as Component };
