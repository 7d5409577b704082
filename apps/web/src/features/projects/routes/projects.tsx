import { ContentLayout } from '../../../components/layouts/content-layout';

// `/`, the landing page: the organisation's projects (list and search arrive with the projects issue).
function ProjectsRoute() {
  return <ContentLayout title="Projects" />;
}

export { ProjectsRoute as Component };
