import { CircleCheck, CircleSlash } from 'lucide-react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '../../../components/ui/button';
import { APP_NAME } from '../../../config/app';
import { AccessCard } from './access-card';

interface InvitationUnavailableProps {
  title: string;
  message: string;
  homeHref: string;
  /** Offered when asking again might help (no connection, a server error). */
  onRetry?: (() => void) | undefined;
  focusTitle?: boolean;
}

/** Not found, not yours, already answered, expired or withdrawn: say so, and offer a way out. */
export function InvitationUnavailable({ title, message, homeHref, onRetry, focusTitle }: InvitationUnavailableProps) {
  return (
    <AccessCard icon={<CircleSlash />} iconTone="muted" title={title} description={message} focusTitle={focusTitle}>
      {onRetry && (
        <Button className="w-full" onClick={onRetry}>
          Try again
        </Button>
      )}
      <Link to={homeHref} className={buttonClasses(onRetry ? 'outline' : 'primary', 'md', 'w-full')}>
        Go to {APP_NAME}
      </Link>
    </AccessCard>
  );
}

/** The invitation was accepted by the person opening it again: nothing left to do. */
export function InvitationJoined({ organisationName, homeHref }: { organisationName: string; homeHref: string }) {
  return (
    <AccessCard
      icon={<CircleCheck />}
      title={`You're already in ${organisationName}`}
      description="You accepted this invitation. There is nothing more to do here."
    >
      <Link to={homeHref} className={buttonClasses('primary', 'md', 'w-full')}>
        Go to {APP_NAME}
      </Link>
    </AccessCard>
  );
}
