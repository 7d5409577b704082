import { Navigate, useLocation, useSearchParams } from 'react-router';
import { googleErrorCodes, type GoogleErrorCode } from '@questboard/shared/auth-messages';

import { APP_NAME } from '../../../config/app';
import { emailToSignInWith, redirectTargetAfterSignIn } from '../../../utils/sign-in-redirect';
import { useAuth } from '../../../lib/session/auth-context';
import { LoginPage } from '../components/login-page';
import { googleErrorMessages } from '../../../lib/session/messages';

function googleError(code: string | null): string | null {
  return code !== null && (googleErrorCodes as readonly string[]).includes(code) ? googleErrorMessages[code as GoogleErrorCode] : null;
}

function LoginRoute() {
  const { isAuthenticated, isLoading, sendSignInLink, signInWithGoogle, signOutReason } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const target = redirectTargetAfterSignIn(location.state);
  // Carried through the e-mail or Google round trip, so the visitor lands where they were going.
  const redirectTo = target === '/' ? undefined : target;

  // docs/product/routes-and-screens.md#screens: /login redirects a signed-in visitor (back to where they were going).
  if (!isLoading && isAuthenticated) return <Navigate to={target} replace />;

  return (
    <>
      <title>{`Sign in · ${APP_NAME}`}</title>
      <LoginPage
        // A new reason to be here (a setup error after sign-out) shows even if the page is open.
        key={signOutReason ?? ''}
        onSendLink={(email) => sendSignInLink(email, redirectTo)}
        onGoogle={() => signInWithGoogle(redirectTo)}
        initialError={googleError(searchParams.get('error')) ?? signOutReason}
        initialEmail={emailToSignInWith(location.state)}
      />
    </>
  );
}

// React Router lazy route module: the router reads `Component` from this file.
export { LoginRoute as Component };
