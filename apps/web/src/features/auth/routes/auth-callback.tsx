import { useEffect, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/session/auth-context';
import { parseSignInLink } from '../../../lib/session/auth-client';
import { safeStorage, storageKeys } from '../../../lib/session/auth-storage';
import { processEmailLinkOnce } from '../email-link-processing';
import { EMAIL_REQUIRED_MESSAGE, INVALID_LINK_MESSAGE } from '../../../lib/session/messages';
import { completeSignInErrorMessage } from '../sign-in-errors';

type Stage = { kind: 'working' } | { kind: 'needs-email'; error: string | null } | { kind: 'failed'; message: string };

function initialStage(link: string): Stage {
  if (!parseSignInLink(link)) return { kind: 'failed', message: INVALID_LINK_MESSAGE };
  return safeStorage.get(storageKeys.emailForSignIn) ? { kind: 'working' } : { kind: 'needs-email', error: null };
}

// The e-mail link lands here (docs/product/http-contract.md#http-surface). docs/product/routes-and-screens.md (screens) and docs/product/rules-and-messages.md (states and transitions, validation, errors).
function AuthCallbackRoute() {
  const { completeEmailLinkSignIn, isProcessingEmailLink } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The link as it was opened: this page's address (the router's, so tests can set it).
  const [link] = useState(() => `${window.location.origin}${location.pathname}${location.search}`);
  const [stage, setStage] = useState<Stage>(() => initialStage(link));
  const [email, setEmail] = useState('');

  const complete = async (address: string, manual: boolean) => {
    try {
      const result = await completeEmailLinkSignIn(address, link);
      if (result) void navigate(result.redirectTo ?? paths.home.getHref(), { replace: true });
    } catch (error) {
      const message = completeSignInErrorMessage(error, manual);
      setStage(manual ? { kind: 'needs-email', error: message } : { kind: 'failed', message });
    }
  };

  useEffect(() => {
    const stored = safeStorage.get(storageKeys.emailForSignIn);
    if (stage.kind !== 'working' || !stored) return;
    void processEmailLinkOnce(link, () => complete(stored, false));
    // Runs once per page: processEmailLinkOnce guards against a second run of the same link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setStage({ kind: 'needs-email', error: EMAIL_REQUIRED_MESSAGE });
      return;
    }
    setStage({ kind: 'needs-email', error: null });
    void complete(address, true);
  };

  return (
    <>
      <title>{`Signing in · ${APP_NAME}`}</title>
      <Card className="w-full max-w-[400px] p-6 sm:p-8">
        {stage.kind === 'working' && (
          <div role="status" className="flex flex-col items-center gap-3 text-center">
            <Spinner className="size-6 text-link" />
            <h1 className="text-lg font-semibold tracking-tight">Completing sign-in...</h1>
          </div>
        )}

        {stage.kind === 'needs-email' && (
          <>
            <CardHeader className="mb-6">
              <CardTitle as="h1">Confirm your email</CardTitle>
              <CardDescription>Enter the email address you used to request the sign-in link.</CardDescription>
            </CardHeader>
            <CardContent>
              {stage.error && <ErrorAlert>{stage.error}</ErrorAlert>}
              <form noValidate aria-label="Complete sign-in" className="flex flex-col gap-4" onSubmit={onSubmit}>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="callback-email">Email address</Label>
                  <Input id="callback-email" name="email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false}
                    placeholder="you@studio.com" value={email} onChange={(event) => setEmail(event.target.value)} />
                </div>
                <Button type="submit" className="w-full" disabled={isProcessingEmailLink}>
                  {isProcessingEmailLink && <Spinner />}
                  Complete Sign-in
                </Button>
              </form>
              <Link to={paths.login.getHref()} className={buttonClasses('ghost', 'md', 'mt-2 w-full')}>
                Back to Sign-in
              </Link>
            </CardContent>
          </>
        )}

        {stage.kind === 'failed' && (
          <>
            <CardHeader className="mb-6">
              <CardTitle as="h1">Sign-in Failed</CardTitle>
            </CardHeader>
            <CardContent>
              <ErrorAlert>{stage.message}</ErrorAlert>
              <Link to={paths.login.getHref()} className={buttonClasses('primary', 'md', 'w-full')}>
                Back to Sign-in
              </Link>
            </CardContent>
          </>
        )}
      </Card>
    </>
  );
}

export { AuthCallbackRoute as Component };
