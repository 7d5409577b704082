import type { ReactNode } from 'react';
import type { Project } from '@questboard/shared/projects';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { useCurrentProject } from '../../../lib/current-project';
import { AnalyticsSkeleton } from './analytics-skeleton';
import { ViewToolbar } from './view-toolbar';

/**
 * The frame of every analytics page: title, project name, what the page answers, the view toolbar
 * (range, granularity, filters in the URL), then the page. `children` may be a function of the
 * project, called once it has loaded.
 */
export function AnalyticsPage({
  title,
  description,
  showGranularity = true,
  showFilters = true,
  showToolbar = true,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  showGranularity?: boolean;
  /** false where the view's filters would not apply (the dashboard: each chart keeps its own). */
  showFilters?: boolean;
  /** false for a page without a view (none so far; kept for e.g. a player page). */
  showToolbar?: boolean;
  /** Buttons beside the title (e.g. the explorer's Pin to dashboard). */
  actions?: ReactNode;
  children: ReactNode | ((project: Project) => ReactNode);
}) {
  const project = useCurrentProject();
  return (
    <ContentLayout title={title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {project && <p className="mt-1 text-muted-foreground">{project.name}</p>}
          {description && <p className="mt-1 max-w-3xl text-sm text-pretty text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {!project ? (
        <div className="mt-6">
          <AnalyticsSkeleton label="Loading project..." />
        </div>
      ) : (
        <>
          {showToolbar && <ViewToolbar projectId={project.id} showGranularity={showGranularity} showFilters={showFilters} />}
          <div className="mt-6 flex min-w-0 flex-col gap-6">{typeof children === 'function' ? children(project) : children}</div>
        </>
      )}
    </ContentLayout>
  );
}
