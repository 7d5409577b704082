import { useRef } from 'react';
import { displayName } from '@questboard/shared/names';
import type { Member, Organisation, OrganisationRole } from '@questboard/shared/organisations';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { roleWithArticle } from '../../../utils/organisation-roles';
import { useChangeMemberRole } from '../api/change-member-role';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { memberPermissions } from './member-permissions';
import { MemberRow } from './member-row';

interface MembersSectionProps {
  organisation: Organisation;
  currentUserId: string | null;
}

/** Everyone in the organisation; owners and admins change roles and remove people below or at their level. */
export function MembersSection({ organisation, currentUserId }: MembersSectionProps) {
  const members = useMembers(organisation.id);
  const changeRole = useChangeMemberRole(organisation.id);
  const remove = useRemoveMember(organisation.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useConfirmation<Member>(headingRef);
  const myRole = organisation.role;

  const onRoleChange = (member: Member, role: OrganisationRole) => {
    const name = displayName(member, member.email);
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => notify.success(`${name} is now ${roleWithArticle(role)}`),
        onError: (error) => notify.error(getErrorMessage(error, 'Failed to change the role')),
      },
    );
  };

  const list = members.data;
  return (
    <SettingsSection
      title="Members"
      headingRef={headingRef}
      count={list?.length}
      description={
        myRole === 'owner'
          ? `People in ${organisation.name}. Change a role or remove someone; the organisation always keeps at least one owner.`
          : myRole === 'admin'
            ? `People in ${organisation.name}. Change the role of admins and members or remove them; only an owner can change or remove an owner.`
            : `People in ${organisation.name}. Only owners and admins can change roles or remove members.`
      }
    >
      {members.isPending && <ListSkeleton label="Loading members..." />}
      {members.isError && (
        <LoadError message={getErrorMessage(members.error, 'Failed to load members')} onRetry={() => void members.refetch()} />
      )}
      {list && (
        <ul aria-label="Members" className="-my-3 divide-y">
          {list.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isYou={member.userId === currentUserId}
              {...memberPermissions(myRole, member.role, member.userId === currentUserId)}
              busy={changeRole.isPending && changeRole.variables.userId === member.userId}
              onRoleChange={(role) => onRoleChange(member, role)}
              onRemove={() => removal.ask(member)}
            />
          ))}
        </ul>
      )}

      {removal.subject && (
        <ConfirmDialog
          title={`Remove ${displayName(removal.subject, removal.subject.email)}?`}
          description={`${removal.subject.email} will lose access to ${organisation.name} and its projects. Only a new invitation can bring them back.`}
          confirmLabel="Remove member"
          destructive
          failureMessage="Failed to remove the member"
          onConfirm={async () => {
            const member = removal.subject;
            if (!member) return;
            await remove.mutateAsync(member.userId);
            removal.succeeded();
            notify.success(`${displayName(member, member.email)} was removed from ${organisation.name}`);
          }}
          onClose={removal.close}
        />
      )}
    </SettingsSection>
  );
}
