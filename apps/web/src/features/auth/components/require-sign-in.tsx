import { Navigate, Outlet, useLocation } from 'react-router';

import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { loginStateFor } from '../../../utils/sign-in-redirect';
import { useAuth } from '../auth-context';

/** The one gate for protected routes (SPEC.md section 4): signed out → /login, remembering the origin. */
export function RequireSignIn() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();

  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login.getHref()} replace state={loginStateFor(location)} />;
  }
  return <Outlet />;
}
