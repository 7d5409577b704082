import { Building2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { organisationStatus } from '@questboard/shared/names';
import { canManageMembers } from '@questboard/shared/organisations';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';
import { useLeaveOrganisation } from '../api/leave-organisation';
import { useMembers } from '../api/get-members';
import { InvitationsSection } from '../components/invitations-section';
import { LeaveOrganisation } from '../components/leave-organisation';
import { MembersSection } from '../components/members-section';
import { OrganisationSummary } from '../components/organisation-summary';

// /organisation (docs/product/routes-and-screens.md): the organisation, its members and invitations.
function OrganisationRoute() {
  const { organizationData } = useAuth();

  return (
    <ContentLayout title="Organisation">
      {organizationData ? (
        <OrganisationPage organisationId={organizationData.id} />
      ) : (
        <Card className="mt-6 flex max-w-3xl flex-col items-center gap-3 p-8 text-center">
          <span aria-hidden="true" className="grid size-11 place-items-center rounded-full bg-muted text-muted-foreground">
            <Building2 className="size-5" />
          </span>
          <h2 className="font-semibold">You are not in an organisation yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">Create one for your studio, or ask a teammate to invite you to theirs.</p>
          <Link to={paths.createOrg.getHref()} className={buttonClasses('primary', 'md', 'mt-1')}>
            Create an organisation
          </Link>
        </Card>
      )}
    </ContentLayout>
  );
}

function OrganisationPage({ organisationId }: { organisationId: string }) {
  const { organizationData: organisation, user, reloadOrganisation } = useAuth();
  const navigate = useNavigate();
  const active = organisationStatus(organisation).active;
  // An inactive organisation is refused every call but its info (docs/product/rules-and-messages.md#account-and-organisation): show only that.
  const members = useMembers(organisationId, { enabled: active });
  const leave = useLeaveOrganisation(organisationId);
  if (!organisation) return null;

  const onLeave = async () => {
    await leave.mutateAsync();
    notify.success(`You left ${organisation.name}`);
    // Left already: a failed refresh is retried by the next page's own checks.
    await reloadOrganisation().catch(() => undefined);
    await navigate(paths.home.getHref(), { replace: true });
    leave.forgetOrganisation();
  };

  return (
    <div className="mt-6 flex max-w-3xl flex-col gap-6">
      <OrganisationSummary organisation={organisation} memberCount={members.data?.length ?? organisation.memberCount} />
      {active && (
        <>
          <MembersSection organisation={organisation} currentUserId={user?.uid ?? null} />
          {canManageMembers(organisation.role) && <InvitationsSection organisation={organisation} />}
          <LeaveOrganisation organisationName={organisation.name} onLeave={onLeave} />
        </>
      )}
    </div>
  );
}

export { OrganisationRoute as Component };
