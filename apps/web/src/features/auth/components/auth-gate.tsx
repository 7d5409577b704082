import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';

import { SetupErrorScreen } from '../../../components/errors/setup-error-screen';
import { PageLoader } from '../../../components/ui/page-loader';
import { firstVisitState } from '../../../utils/first-visit';
import { loginStateFor } from '../../../utils/sign-in-redirect';
import { useAuth } from '../../../lib/session/auth-context';
import { clearInvitationRedirect } from '../../../lib/session/pending-invitation';
import { decideProtectedRoute } from '../routing/decide-route';
import { firstError, routeInputFrom } from '../routing/route-input';

/**
 * The auth flow wrapper of every protected route: carries out the routing rules of docs/product/rules-and-messages.md#routing-rules
 * (decide-route.ts) with its loading texts and the 'Setup Error' screen.
 */
export function AuthGate() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const decision = decideProtectedRoute(routeInputFrom(auth, location));
  const consumes = decision.kind === 'redirect' && decision.consumesInvitationRedirect === true;
  // One state object per location: <Navigate> navigates again whenever its state prop changes.
  const originState = useMemo(() => loginStateFor(location), [location]);

  useEffect(() => {
    if (consumes) clearInvitationRedirect();
  }, [consumes]);

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'loading':
      return <PageLoader label={decision.text} />;
    case 'setup-error':
      return (
        <SetupErrorScreen
          message={firstError(auth)}
          onBackToSignIn={() => void auth.logout().finally(() => void navigate('/login', { replace: true }))}
        />
      );
    case 'redirect':
      return (
        <Navigate
          to={decision.to}
          replace
          state={decision.rememberOrigin ? originState : decision.firstVisit ? firstVisitState : undefined}
        />
      );
  }
}
