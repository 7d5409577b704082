import { ContentLayout } from '../../../components/layouts/content-layout';

function OrganisationRoute() {
  return <ContentLayout title="Organisation" />;
}

export { OrganisationRoute as Component };
