import { APP_NAME } from '../../../config/app';
import { useCreateOrganisation } from '../api/create-organisation';
import { CreateOrganisationForm } from '../components/create-organisation-form';

// /create-org (docs/product/routes-and-screens.md#screens; mode=manual lets a set-up user open it). Once the organisation
// exists the auth state changes and the route guards move the person on.
function CreateOrganisationRoute() {
  const { mutateAsync: createOrganisation } = useCreateOrganisation();

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:px-6">
      <title>{`Create your organisation · ${APP_NAME}`}</title>
      <CreateOrganisationForm onCreate={createOrganisation} />
    </main>
  );
}

export { CreateOrganisationRoute as Component };
