import { useId, useState } from 'react';
import { LIVE_NOTE_MAX, type LiveDraft } from '@questboard/shared/live-api';
import { formatDateTime } from '@questboard/shared/dates';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { usePublishLiveConfig } from '../api/live-mutations';
import { ProblemsAlert } from '../../../components/live-config/problems-alert';

/** Where the config stands (the published version, unpublished changes) and, for owners and admins, publishing. */
export function PublishSection({ projectId, draft, canEdit }: { projectId: string; draft: LiveDraft; canEdit: boolean }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const publish = usePublishLiveConfig(projectId);
  const status = draft.publishedVersion === 0 ? 'Nothing published yet: games get their fallbacks.' : `Version ${draft.publishedVersion} is live.`;

  return (
    <SettingsSection
      title="Publish"
      description={
        <>
          {status}
          {draft.updatedAt && draft.updatedBy && ` Draft last edited by ${draft.updatedBy}, ${formatDateTime(draft.updatedAt)}.`}
        </>
      }
      aside={draft.unpublishedChanges ? <Badge tone="info">Unpublished changes</Badge> : <Badge tone="success">Up to date</Badge>}
    >
      {canEdit ? (
        <form
          aria-label="Publish the draft"
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            publish.mutate(note.trim(), {
              onSuccess: (version) => {
                notify.success(`Version ${version.version} published`);
                setNote('');
              },
              onError: setFailure,
            });
          }}
        >
          <TextField
            id={`${id}-note`}
            label="Note"
            className="flex-1"
            value={note}
            maxLength={LIVE_NOTE_MAX}
            placeholder="What changes for players, and why"
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" className="sm:mt-6" disabled={publish.isPending || !draft.unpublishedChanges}>
            {publish.isPending && <Spinner />}
            Publish
          </Button>
        </form>
      ) : (
        <p className="text-sm text-pretty text-muted-foreground">
          You can read everything here and preview what a player gets. Only owners and admins edit the draft, publish and roll back.
        </p>
      )}
      {failure !== null && <ProblemsAlert error={failure} className="mt-3" />}
    </SettingsSection>
  );
}
