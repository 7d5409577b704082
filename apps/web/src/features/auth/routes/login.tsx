import { Navigate, useLocation } from 'react-router';

import { APP_NAME } from '../../../config/app';
import { LoginPage } from '../components/login-page';
import { redirectTargetAfterSignIn } from '../../../utils/sign-in-redirect';
import { sendSignInLink, signInWithGoogle, useSession } from '../session';

function LoginRoute() {
  const { isAuthenticated } = useSession();
  const location = useLocation();

  // SPEC.md section 2: /login redirects a signed-in visitor (back to where they were going).
  if (isAuthenticated) return <Navigate to={redirectTargetAfterSignIn(location.state)} replace />;

  return (
    <>
      <title>{`Sign in · ${APP_NAME}`}</title>
      <LoginPage onSendLink={sendSignInLink} onGoogle={signInWithGoogle} />
    </>
  );
}

// React Router lazy route module: the router reads `Component` from this file.
export { LoginRoute as Component };
