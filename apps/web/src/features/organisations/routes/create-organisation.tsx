import { ContentLayout } from '../../../components/layouts/content-layout';

// /create-org: organisation setup (query mode=manual lets a set-up user open it; SPEC.md section 2).
function CreateOrganisationRoute() {
  return <ContentLayout title="Create your organisation" />;
}

export { CreateOrganisationRoute as Component };
