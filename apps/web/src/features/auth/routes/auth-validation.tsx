import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_VALIDATION_DELAY_MS } from '@questboard/shared/limits';

import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';
import { cn } from '../../../utils/cn';
import { useAuth } from '../../../lib/session/auth-context';
import { decideAuthValidation } from '../routing/decide-route';
import { firstError, routeInputFrom } from '../routing/route-input';

// docs/product/routes-and-screens.md#screens: the titles shown in turn.
export const validationTitles = ['Setting up your account...', 'Checking organisation...', 'Validating profile...', 'Finalizing access...'];

/** /auth-validation: a short transitional screen that decides the next setup step (docs/product/rules-and-messages.md#routing-rules). */
function AuthValidationRoute() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [elapsed, setElapsed] = useState(false);
  const [step, setStep] = useState(0);

  useEffect(() => {
    const tick = setInterval(() => setStep((current) => Math.min(current + 1, validationTitles.length - 1)), AUTH_VALIDATION_DELAY_MS / validationTitles.length);
    const done = setTimeout(() => setElapsed(true), AUTH_VALIDATION_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, []);

  const next = decideAuthValidation(routeInputFrom(auth, location), elapsed);
  const target = next.kind === 'redirect' ? next.to : null;

  useEffect(() => {
    if (next.kind !== 'redirect') return;
    const go = async () => {
      if (next.logout) {
        // Signed out, the guard takes the visitor to /login, which says why.
        await auth.logout(firstError(auth));
        return;
      }
      // Proceed even if the refresh fails (docs/product/rules-and-messages.md#routing-rules).
      if (next.refreshToken) await auth.refreshIdToken().catch(() => null);
      await navigate(next.to, { replace: true });
    };
    void go();
    // Run once per decided target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12">
      <title>{`Setting up · ${APP_NAME}`}</title>
      <Card className="w-full max-w-[400px] p-6 sm:p-8">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-2 text-center">
          <Spinner className="size-6 text-link" />
          <h1 className="mt-2 text-lg font-semibold tracking-tight">{validationTitles[step]}</h1>
        </div>
        <ol className="mt-6 flex flex-col gap-2" aria-label="Progress">
          {validationTitles.map((title, index) => (
            <li key={title} className={cn('flex items-center gap-2 text-sm', index <= step ? 'text-foreground' : 'text-muted-foreground')}>
              <span className={cn('grid size-5 place-items-center rounded-full border', index < step && 'border-primary bg-primary text-primary-foreground')}>
                {index < step ? <Check aria-hidden="true" className="size-3" /> : <span className="sr-only">{index === step ? 'In progress' : 'Waiting'}</span>}
              </span>
              {title.replace('...', '')}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

export { AuthValidationRoute as Component };
