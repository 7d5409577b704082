import { LogOut } from 'lucide-react';
import { useState } from 'react';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface LeaveOrganisationProps {
  organisationName: string;
  /** Leaves; a refusal (the last owner) is shown in the confirmation. */
  onLeave: () => Promise<void>;
}

export function LeaveOrganisation({ organisationName, onLeave }: LeaveOrganisationProps) {
  const [confirming, setConfirming] = useState(false);

  return (
    <SettingsSection
      title="Leave organisation"
      description={`You will lose access to ${organisationName} and its projects. To come back, an owner or admin must invite you again.`}
      className="border-destructive/30"
    >
      <Button variant="danger-outline" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave organisation
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Leave ${organisationName}?`}
          description="You will lose access to its projects straight away. An organisation always keeps at least one owner: if you are the only one, make someone else an owner first."
          confirmLabel="Leave organisation"
          destructive
          failureMessage="Failed to leave the organisation"
          onConfirm={onLeave}
          onClose={() => setConfirming(false)}
        />
      )}
    </SettingsSection>
  );
}
