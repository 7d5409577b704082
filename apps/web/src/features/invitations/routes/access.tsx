import { Link2Off } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';

import { buttonClasses } from '../../../components/ui/button';
import { APP_NAME } from '../../../config/app';
import { paths } from '../../../config/paths';
import type { InvitationReference } from '../access-view';
import { AccessCard } from '../components/access-card';
import { InvitationAccess } from '../components/invitation-access';

// /access/{code} (the e-mailed link) and /access?id={invitation id} (the pending-invitation
// redirect of docs/product/rules-and-messages.md#routing-rules): one page, looked up by code (public) or by id (signed in).
function AccessRoute() {
  const { code } = useParams();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const reference: InvitationReference | null = code ? { code } : id ? { id } : null;

  return (
    <>
      <title>{`Invitation · ${APP_NAME}`}</title>
      {reference ? (
        <InvitationAccess key={'code' in reference ? `code:${reference.code}` : `id:${reference.id}`} reference={reference} />
      ) : (
        <AccessCard
          icon={<Link2Off />}
          iconTone="muted"
          title="Invitation link incomplete"
          description="This link has no invitation code. Ask the person who invited you to send it again."
        >
          <Link to={paths.home.getHref()} className={buttonClasses('primary', 'md', 'w-full')}>
            Go to {APP_NAME}
          </Link>
        </AccessCard>
      )}
    </>
  );
}

export { AccessRoute as Component };
