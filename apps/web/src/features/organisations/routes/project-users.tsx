import { Link } from 'react-router';
import { organisationStatus } from '@questboard/shared/names';
import { canManageMembers } from '@questboard/shared/organisations';
import type { Organisation } from '@questboard/shared/organisations';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { paths, projectPages } from '../../../config/paths';
import { useAuth } from '../../../lib/session/auth-context';
import { InvitationsSection } from '../components/invitations-section';
import { MembersSection } from '../components/members-section';

// /project/{identifier}/users (issue 9): who has access to the project. Projects belong to the
// whole organisation (no per-project access list), so this is the organisation's members and
// invitations, with the same calls and rules as /organisation. app/router.tsx mounts this module
// as the project area's users page, so the projects feature never imports this one.
function ProjectUsersRoute() {
  const { organizationData: organisation, user } = useAuth();

  return (
    <ContentLayout title={projectPages.users.title}>
      {organisation && (
        <>
          <p className="mt-1 text-muted-foreground">Everyone in {organisation.name} can open this project.</p>
          <ProjectUsers organisation={organisation} currentUserId={user?.uid ?? null} />
        </>
      )}
    </ContentLayout>
  );
}

function ProjectUsers({ organisation, currentUserId }: { organisation: Organisation; currentUserId: string | null }) {
  const status = organisationStatus(organisation);
  if (!status.active) return <ErrorAlert className="mt-6 max-w-3xl">{status.message}</ErrorAlert>;

  return (
    <div className="mt-6 flex max-w-3xl flex-col gap-6">
      <p className="text-sm text-pretty text-muted-foreground">
        Projects have no access list of their own. Inviting someone here invites them to {organisation.name}, and
        removing someone takes away all of its projects. Leaving is on the{' '}
        <Link to={paths.organisation.getHref()} className="font-medium text-link underline-offset-4 hover:underline">
          organisation page
        </Link>
        .
      </p>
      <MembersSection organisation={organisation} currentUserId={currentUserId} />
      {canManageMembers(organisation.role) ? (
        <InvitationsSection organisation={organisation} />
      ) : (
        <SettingsSection title="Invitations">
          <p className="-mt-2 text-sm text-pretty text-muted-foreground">
            Only owners and admins can invite people to {organisation.name}. Ask one of them to send an invitation.
          </p>
        </SettingsSection>
      )}
    </div>
  );
}

export { ProjectUsersRoute as Component };
