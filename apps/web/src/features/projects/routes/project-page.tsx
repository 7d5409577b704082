import { useMatches } from 'react-router';

import { ContentLayout } from '../../../components/layouts/content-layout';

/** Route handle of a project page: its title (see projectPages in config/paths.ts). */
export interface ProjectPageHandle {
  title: string;
}

function isProjectPageHandle(handle: unknown): handle is ProjectPageHandle {
  return typeof (handle as Partial<ProjectPageHandle> | null)?.title === 'string';
}

// One module for the twelve project pages until each page's issue gives it its own.
function ProjectPageRoute() {
  const handle = useMatches().findLast((match) => isProjectPageHandle(match.handle))?.handle;
  return <ContentLayout title={isProjectPageHandle(handle) ? handle.title : 'Project'} />;
}

export { ProjectPageRoute as Component };
