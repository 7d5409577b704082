import { Inbox, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';
import { GoogleMark } from './google-mark';

interface CheckEmailProps {
  email: string;
  /** The dev mailbox page when this server delivers no mail (no SMTP configured), else null. */
  devMailbox: string | null;
  onGoogle: () => void;
  googlePending: boolean;
  error: string | null;
}

/** What /login shows once the link is on its way (docs/product/routes-and-screens.md#screens). */
export function CheckEmail({ email, devMailbox, onGoogle, googlePending, error }: CheckEmailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: move focus here so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const tips = [
    'Check your spam or junk folder.',
    `Look for an email from ${APP_NAME}.`,
    'Add the sender to your contacts so future links arrive.',
    'The link expires in 1 hour.',
  ];

  return (
    <Card className="w-full max-w-[400px] p-6 sm:p-8">
      <CardHeader className="mb-6 items-center">
        <span className="mb-2 grid size-11 place-items-center rounded-full bg-muted text-link">
          <MailCheck aria-hidden="true" className="size-5" />
        </span>
        <CardTitle as="h1" ref={headingRef} tabIndex={-1} className="outline-none">
          Check Your Email
        </CardTitle>
        <CardDescription>
          We sent a sign-in link to <strong className="font-medium wrap-break-word text-foreground">{email}</strong>.
          Open it on this device to sign in.
        </CardDescription>
      </CardHeader>

      <CardContent>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {devMailbox && (
          // A first run without SMTP: no mail leaves this server, so say where the link is (issue 21).
          <div className="flex items-start gap-2 rounded-lg border border-link/30 px-3 py-2.5 text-sm">
            <Inbox aria-hidden="true" className="mt-px size-4 shrink-0 text-link" />
            <p className="min-w-0">
              No mail server is set up, so the link was not e-mailed: it is in the{' '}
              <a href={devMailbox} className="font-medium text-link underline underline-offset-2">
                dev mailbox
              </a>{' '}
              of this server.
            </p>
          </div>
        )}
        <div className="rounded-lg bg-muted px-4 py-3 text-sm">
          <h2 className="mb-1.5 font-medium">Can&apos;t find it?</h2>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
        {/* docs/product/routes-and-screens.md#login: this button reloads the page, which also clears the form. */}
        <Button variant="outline" className="w-full" onClick={() => window.location.reload()}>
          Try Again with Different Email
        </Button>
        <Button variant="ghost" className="w-full" disabled={googlePending} onClick={onGoogle}>
          {googlePending ? <Spinner /> : <GoogleMark className="size-4" />}
          Continue with Google Instead
        </Button>
      </CardContent>
    </Card>
  );
}
