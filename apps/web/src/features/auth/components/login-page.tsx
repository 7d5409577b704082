import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';
import type { SentSignInLink } from '../../../lib/session/auth-client';
import { EMAIL_REQUIRED_MESSAGE, GOOGLE_SIGN_IN_FAILED_MESSAGE, SEND_LINK_FAILED_MESSAGE } from '../../../lib/session/messages';
import { signInErrorMessage } from '../sign-in-errors';
import { CheckEmail } from './check-email';
import { GoogleMark } from './google-mark';

export interface LoginPageProps {
  /** Sends the sign-in link and answers where it went; rejects when it could not be sent. */
  onSendLink: (email: string) => Promise<SentSignInLink>;
  /** Starts Google sign-in; rejects when it failed. */
  onGoogle: () => Promise<void>;
  /** A failure to show on arrival (e.g. Google sent the visitor back with an error). */
  initialError?: string | null;
  /** The address to start with (an invitation's). */
  initialEmail?: string;
}

type Pending = 'link' | 'google' | null;

export function LoginPage({ onSendLink, onGoogle, initialError = null, initialEmail = '' }: LoginPageProps) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState<(SentSignInLink & { email: string }) | null>(null);
  const emailId = useId();
  const errorId = useId();

  async function run<T>(kind: Exclude<Pending, null>, action: () => Promise<T>, failure: string): Promise<T | null> {
    setPending(kind);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(signInErrorMessage(caught, failure));
      return null;
    } finally {
      setPending(null);
    }
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(EMAIL_REQUIRED_MESSAGE);
      return;
    }
    const answer = await run('link', () => onSendLink(address), SEND_LINK_FAILED_MESSAGE);
    if (answer) setSent({ ...answer, email: address });
  }

  const handleGoogle = () => run('google', onGoogle, GOOGLE_SIGN_IN_FAILED_MESSAGE);

  if (sent !== null) {
    return (
      <CheckEmail
        email={sent.email}
        devMailbox={sent.devMailbox}
        error={error}
        googlePending={pending === 'google'}
        onGoogle={() => void handleGoogle()}
      />
    );
  }

  const emailInvalid = error === EMAIL_REQUIRED_MESSAGE;

  return (
    <Card className="w-full max-w-[400px] p-6 sm:p-8">
      <CardHeader className="mb-6">
        <CardTitle as="h1">Sign in to {APP_NAME}</CardTitle>
        <CardDescription>
          Enter your email and we&apos;ll send you a secure link to sign in. No password needed.
        </CardDescription>
      </CardHeader>

      <CardContent>
        {error && <ErrorAlert id={errorId}>{error}</ErrorAlert>}

        <form
          noValidate
          aria-label="Sign in with email"
          className="flex flex-col gap-4"
          onSubmit={(event) => void handleSubmit(event)}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={emailId}>Email address</Label>
            <Input
              id={emailId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@studio.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (emailInvalid) setError(null);
              }}
              aria-invalid={emailInvalid || undefined}
              aria-describedby={emailInvalid ? errorId : undefined}
            />
          </div>
          <Button type="submit" className="w-full" disabled={email.trim() === '' || pending !== null}>
            {pending === 'link' && <Spinner />}
            Send Sign-in Link
          </Button>
        </form>

        <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
          <span aria-hidden="true" className="h-px flex-1 bg-border" />
          OR
          <span aria-hidden="true" className="h-px flex-1 bg-border" />
        </div>

        <Button variant="outline" className="w-full" disabled={pending !== null} onClick={() => void handleGoogle()}>
          {pending === 'google' ? <Spinner /> : <GoogleMark className="size-4" />}
          Continue with Google
        </Button>
      </CardContent>
    </Card>
  );
}
