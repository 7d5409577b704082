import { MailOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { Invitation } from '@questboard/shared/invitations';

import { buttonClasses } from '../../../components/ui/button';
import { APP_NAME } from '../../../config/app';
import type { LoginLocationState } from '../../../utils/sign-in-redirect';
import { AccessCard } from './access-card';
import { InvitationSummary } from './invitation-summary';

interface SignInPromptProps {
  invitation: Invitation | null;
  loginHref: string;
  loginState: LoginLocationState;
  /** Remembers this page, so the visitor comes back to it once signed in and set up. */
  onSignIn: () => void;
}

/** Signed out: who invites you to what (when the link's code told us), and the way in. */
export function SignInPrompt({ invitation, loginHref, loginState, onSignIn }: SignInPromptProps) {
  return (
    <AccessCard
      icon={<MailOpen />}
      title="You've been invited"
      description={invitation ? undefined : `Sign in to ${APP_NAME} to respond to your invitation to join an organisation.`}
    >
      {invitation && <InvitationSummary invitation={invitation} />}
      {/* /login starts with the invited address filled in (issue 21). */}
      <Link to={loginHref} state={invitation ? { ...loginState, email: invitation.email } : loginState} onClick={onSignIn} className={buttonClasses('primary', 'md', 'w-full')}>
        Sign in to continue
      </Link>
      {invitation && (
        <p className="text-center text-xs text-pretty text-muted-foreground">
          Sign in as <span className="font-medium text-foreground">{invitation.email}</span> to accept or decline.
        </p>
      )}
    </AccessCard>
  );
}
