import { APP_NAME } from '../../../config/app';
import { useAuth } from '../../../lib/session/auth-context';
import { CompleteProfileForm } from '../components/complete-profile-form';

// /complete-profile (docs/product/routes-and-screens.md#screens): first and last name. Once saved the auth state changes
// and the route guards move the person on.
function CompleteProfileRoute() {
  const { accountData, updateName } = useAuth();

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:px-6">
      <title>{`Complete your profile · ${APP_NAME}`}</title>
      <CompleteProfileForm
        initial={{ firstName: accountData?.firstName ?? '', lastName: accountData?.lastName ?? '' }}
        onSave={updateName}
      />
    </main>
  );
}

export { CompleteProfileRoute as Component };
