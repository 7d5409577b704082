import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';

// The e-mail link lands here (CONTRACT.md). Completing the sign-in comes with the identity issue.
function AuthCallbackRoute() {
  return (
    <>
      <title>{`Signing in · ${APP_NAME}`}</title>
      <Card className="w-full max-w-[400px] p-8">
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <Spinner className="size-6 text-link" />
          <h1 className="text-lg font-semibold tracking-tight">Completing sign-in...</h1>
        </div>
      </Card>
    </>
  );
}

export { AuthCallbackRoute as Component };
