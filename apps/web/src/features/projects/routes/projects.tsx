import { greetingFirstName } from '@questboard/shared/names';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { useAuth } from '../../auth/auth-context';

// `/`, the landing page: a greeting by first name (SPEC.md 3) above the organisation's projects
// (the list, search and forms arrive with the projects issue).
function ProjectsRoute() {
  const { accountData, organizationData, user } = useAuth();
  const firstName = greetingFirstName(accountData, user?.displayName ?? null);
  return (
    <ContentLayout title="Projects">
      <p className="mt-1 text-muted-foreground">
        Welcome back, <span className="font-medium text-foreground">{firstName}</span>
        {organizationData ? ` · ${organizationData.name}` : ''}
      </p>
    </ContentLayout>
  );
}

export { ProjectsRoute as Component };
