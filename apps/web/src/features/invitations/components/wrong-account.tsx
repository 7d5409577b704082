import { UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { APP_NAME } from '../../../config/app';
import { AccessCard } from './access-card';

interface WrongAccountProps {
  invitedEmail: string;
  signedInAs: string;
  homeHref: string;
  onSignOut: () => Promise<void>;
}

/** Signed in as another address than the invited one: only the invited address may answer. */
export function WrongAccount({ invitedEmail, signedInAs, homeHref, onSignOut }: WrongAccountProps) {
  const [signingOut, setSigningOut] = useState(false);

  return (
    <AccessCard
      icon={<UserRoundX />}
      iconTone="muted"
      title="Signed in with a different address"
      description={
        <>
          This invitation was sent to <strong className="font-medium text-foreground">{invitedEmail}</strong>; you are
          signed in as <strong className="font-medium text-foreground">{signedInAs}</strong>.
        </>
      }
    >
      <p className="text-center text-sm text-pretty text-muted-foreground">
        Sign out, then sign in as {invitedEmail} to answer it.
      </p>
      <Button
        className="w-full"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void onSignOut().finally(() => setSigningOut(false));
        }}
      >
        {signingOut && <Spinner />}
        Sign out
      </Button>
      <Link to={homeHref} className={buttonClasses('ghost', 'md', 'w-full')}>
        Go to {APP_NAME}
      </Link>
    </AccessCard>
  );
}
