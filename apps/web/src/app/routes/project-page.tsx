import { Suspense, lazy } from 'react';
import { useLocation, useMatches } from 'react-router';

import { ContentLayout } from '../../components/layouts/content-layout';
import { Spinner } from '../../components/ui/spinner';
import { projectPages } from '../../config/paths';
import { lazyRoute } from '../../lib/lazy-route';
import { useCurrentProject } from '../../lib/current-project';
import { projectPagePath } from '../../features/projects/components/project-page-info';
import { ProjectSettings } from '../../features/projects/components/project-settings';

// The developer page is its own chunk, loaded through lazyRoute (time-out, one reload after a
// deploy) like the route modules. It gets the project as a prop and never imports this feature.
const DeveloperPage = lazy(
  lazyRoute(() => import('../../features/developer/developer-page').then((module) => ({ default: module.DeveloperPage }))),
);
// The help page likewise (issue 9).
const HelpSupportPage = lazy(
  lazyRoute(() => import('../../features/support/help-support-page').then((module) => ({ default: module.HelpSupportPage }))),
);
// The billing page likewise (issue 9).
const BillingPage = lazy(
  lazyRoute(() => import('../../features/billing/billing-page').then((module) => ({ default: module.BillingPage }))),
);

const pageLoading = (
  <div role="status" className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
    <Spinner />
    Loading...
  </div>
);

/** Route handle of a project page: its title (see projectPages in config/paths.ts). */
export interface ProjectPageHandle {
  title: string;
}

function isProjectPageHandle(handle: unknown): handle is ProjectPageHandle {
  return typeof (handle as Partial<ProjectPageHandle> | null)?.title === 'string';
}

// The project pages without a route module of their own: settings, developer, help and billing.
// Users and the seven analytics pages have their own route entries (app/router.tsx).
function ProjectPageRoute() {
  const handle = useMatches().findLast((match) => isProjectPageHandle(match.handle))?.handle;
  const title = isProjectPageHandle(handle) ? handle.title : 'Project';
  const page = projectPagePath(useLocation().pathname);
  const project = useCurrentProject();

  return (
    <ContentLayout title={title}>
      {project && <p className="mt-1 text-muted-foreground">{project.name}</p>}
      {!project ? (
        <div role="status" className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading project...
        </div>
      ) : page === projectPages.settings.path ? (
        <ProjectSettings project={project} />
      ) : page === projectPages.developer.path ? (
        <Suspense fallback={pageLoading}>
          <DeveloperPage key={project.id} project={project} />
        </Suspense>
      ) : page === projectPages.helpSupport.path ? (
        <Suspense fallback={pageLoading}>
          <HelpSupportPage key={project.id} project={project} />
        </Suspense>
      ) : page === projectPages.billing.path ? (
        <Suspense fallback={pageLoading}>
          <BillingPage key={project.id} project={project} />
        </Suspense>
      ) : null}
    </ContentLayout>
  );
}

export { ProjectPageRoute as Component };
