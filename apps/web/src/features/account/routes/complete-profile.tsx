import { ContentLayout } from '../../../components/layouts/content-layout';

function CompleteProfileRoute() {
  return <ContentLayout title="Complete your profile" />;
}

export { CompleteProfileRoute as Component };
