import { Link, useLocation, useParams, useSearchParams } from 'react-router';

import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { APP_NAME } from '../../../config/app';
import { paths } from '../../../config/paths';
import { loginStateFor } from '../../../utils/sign-in-redirect';

// /access/{code} and /access?id={invitation id} (SPEC.md section 2). Signing in returns here,
// because the login page sends a visitor back to the location kept in router state.
function AccessRoute() {
  const { code } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const hasInvitation = Boolean(code ?? searchParams.get('id'));

  return (
    <>
      <title>{`Invitation · ${APP_NAME}`}</title>
      <Card className="w-full max-w-[400px] p-6 sm:p-8">
        <CardHeader className="mb-6">
          <CardTitle as="h1">{hasInvitation ? "You've been invited" : 'Invitation link incomplete'}</CardTitle>
          <CardDescription>
            {hasInvitation
              ? `Sign in to ${APP_NAME} to respond to your invitation to join an organisation.`
              : 'This link has no invitation code. Ask the person who invited you to send it again.'}
          </CardDescription>
        </CardHeader>
        <Link
          to={paths.login.getHref()}
          state={hasInvitation ? loginStateFor(location) : undefined}
          className={buttonClasses('primary', 'md', 'w-full')}
        >
          Sign in to continue
        </Link>
      </Card>
    </>
  );
}

export { AccessRoute as Component };
