import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { loginStateFor } from '../../../utils/sign-in-redirect';
import { useAuth } from '../../../lib/session/auth-context';
import { clearInvitationRedirect, readPendingInvitation, rememberInvitationRedirect, writePendingInvitation } from '../../../lib/session/pending-invitation';
import { type InvitationReference, accessView, isClosingError } from '../access-view';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useCreateOwnOrganisation } from '../api/create-own-organisation';
import { useDeclineInvitation } from '../api/decline-invitation';
import { useInvitation } from '../api/get-invitation';
import { useInvitationByCode } from '../api/get-invitation-by-code';
import { AccessStatus } from './access-status';
import { type InvitationAction, InvitationAnswer } from './invitation-answer';
import { InvitationJoined, InvitationUnavailable } from './invitation-unavailable';
import { SignInPrompt } from './sign-in-prompt';
import { WrongAccount } from './wrong-account';

const home = paths.home.getHref();

/** Loads the invitation, decides what to show (access-view.ts), and carries out the answers. */
export function InvitationAccess({ reference }: { reference: InvitationReference }) {
  const { user, accountData, organizationData, isLoading, isSettingUp, reloadOrganisation, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<InvitationAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answerError, setAnswerError] = useState<unknown>(null);
  const [completing, setCompleting] = useState<string | null>(null);

  const code = 'code' in reference ? reference.code : null;
  const byCode = useInvitationByCode(code ?? '', { enabled: code !== null });
  // By id only for the signed-in, registered invitee: the call needs an account.
  const byId = useInvitation('id' in reference ? reference.id : '', { enabled: code === null && accountData !== null && user !== null });
  const lookup = code !== null ? byCode : byId;
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const createOwn = useCreateOwnOrganisation();

  const view = accessView({
    reference,
    // While the sign-in's registration and organisation look-up run, who this is is not settled yet.
    auth: { isLoading: isLoading || isSettingUp, email: user?.email ?? null, hasAccount: accountData !== null, organisationName: organizationData?.name ?? null },
    lookup: { invitation: lookup.data, error: lookup.error },
    answerError,
  });
  const invitationId = lookup.data?.id ?? ('id' in reference ? reference.id : null);

  // docs/product/rules-and-messages.md#routing-rules: an invitation being answered is remembered (pending_invitation) and forces the flow
  // back here; one that cannot be answered here must stop doing so.
  const pendingShown = view.kind === 'answer' || (view.kind === 'sign-in' && view.invitation?.status === 'PENDING');
  useEffect(() => {
    if (completing !== null || invitationId === null) return;
    // Also before signing in: however the visitor then signs in, the flow brings them back here.
    if (pendingShown) writePendingInvitation({ id: invitationId, status: 'PENDING' });
    else if (['unavailable', 'joined', 'wrong-account', 'already-member'].includes(view.kind) && readPendingInvitation()?.id === invitationId) {
      writePendingInvitation(null);
    }
  }, [view.kind, pendingShown, invitationId, completing]);

  if (completing !== null) return <AccessStatus label={completing} />;

  switch (view.kind) {
    case 'loading':
      return <AccessStatus label="Loading invitation..." />;
    case 'sign-in':
      return (
        <SignInPrompt
          invitation={view.invitation}
          loginHref={paths.login.getHref()}
          loginState={loginStateFor(location)}
          onSignIn={() => rememberInvitationRedirect(`${location.pathname}${location.search}`)}
        />
      );
    case 'unavailable':
      return (
        <InvitationUnavailable
          title={view.title}
          message={view.message}
          homeHref={home}
          onRetry={view.canRetry ? () => void lookup.refetch() : undefined}
          focusTitle={answerError !== null}
        />
      );
    case 'joined':
      return <InvitationJoined organisationName={view.organisationName} homeHref={home} />;
    case 'wrong-account':
      return <WrongAccount invitedEmail={view.invitation.email} signedInAs={view.signedInAs} homeHref={home} onSignOut={logout} />;
  }

  const { invitation } = view;
  const { id, organisationName } = invitation;

  /** Runs an answer; a refusal that closes the invitation switches the page to say so. */
  async function answer(action: InvitationAction, work: () => Promise<void>, fallback: string) {
    setPending(action);
    setError(null);
    try {
      await work();
    } catch (caught) {
      if (isClosingError(caught)) setAnswerError(caught);
      else setError(getErrorMessage(caught, fallback));
      setPending(null);
    }
  }

  const onAccept = () =>
    void answer(
      'accept',
      async () => {
        await accept.mutateAsync(id);
        writePendingInvitation({ id, status: 'ACCEPTED' });
        // Answered: the stored way back here has served its purpose.
        clearInvitationRedirect();
        setCompleting(`Joining ${organisationName}...`);
        // The membership exists now; a failed refresh is retried by the next page's own checks.
        await reloadOrganisation().catch(() => undefined);
        notify.success(`You joined ${organisationName}`);
        void navigate(home, { replace: true });
      },
      'Failed to accept the invitation',
    );

  const onCreateOwn = () =>
    void answer(
      'create-own',
      async () => {
        await createOwn.mutateAsync(id);
        writePendingInvitation({ id, status: 'CREATE_OWN' });
        // Answered: the stored way back here has served its purpose.
        clearInvitationRedirect();
        void navigate(paths.createOrg.getHref(), { replace: true });
      },
      'Failed to answer the invitation',
    );

  const onDecline = async () => {
    try {
      await decline.mutateAsync(id);
    } catch (caught) {
      if (!isClosingError(caught)) throw caught;
      setAnswerError(caught);
      return;
    }
    writePendingInvitation({ id, status: 'DECLINED' });
    // Answered: the stored way back here has served its purpose.
    clearInvitationRedirect();
    notify.info(`You declined the invitation to join ${organisationName}`);
    void navigate(home, { replace: true });
  };

  return (
    <InvitationAnswer
      invitation={invitation}
      currentOrganisation={view.kind === 'already-member' ? { name: view.organisationName, href: paths.organisation.getHref() } : null}
      pending={pending}
      error={error}
      onAccept={onAccept}
      onDecline={onDecline}
      onCreateOwn={onCreateOwn}
    />
  );
}
