import { useState } from 'react';
import type { Project } from '@questboard/shared/projects';

import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useLiveDraft, useLiveVersion } from '../api/get-live-config';
import { draftChanges } from '../lib/draft-changes';
import { KeysSection } from './keys-section';
import { LiveEventsSection } from './live-events-section';
import { PreviewSection } from './preview-section';
import { PublishSection } from './publish-section';
import { VersionHistorySection } from './version-history-section';

/**
 * The live-ops page (issue 15): the draft's keys and live events against the published version,
 * publishing, a player's preview and the version history. Members read; owners and admins edit.
 */
export function LiveOpsPage({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const draft = useLiveDraft(project.id);
  const publishedVersion = draft.data?.publishedVersion ?? 0;
  const published = useLiveVersion(project.id, publishedVersion);
  // Once shown, the sections stay mounted while a publish's new version loads: unmounting them
  // would drop the editors' state and the publish's own success callbacks.
  const [shown, setShown] = useState(false);
  const ready = draft.isSuccess && (publishedVersion === 0 || !published.isPending);
  if (ready && !shown) setShown(true);

  if (draft.isError) {
    return (
      <div className="mt-6">
        <LoadError message="The live config could not be loaded." onRetry={() => void draft.refetch()} />
      </div>
    );
  }
  if (draft.isPending || (!ready && !shown)) {
    return (
      <div className="mt-6">
        <ListSkeleton label="Loading the live config" />
      </div>
    );
  }
  if (published.isError) {
    return (
      <div className="mt-6">
        <LoadError message="The published version could not be loaded." onRetry={() => void published.refetch()} />
      </div>
    );
  }
  // Before the first publish there is no version (a kept placeholder would be another project's).
  const snapshot = publishedVersion > 0 && published.data ? published.data.snapshot : null;
  const changes = draftChanges(draft.data, snapshot);

  return (
    <div className="mt-6 flex flex-col gap-6">
      <PublishSection projectId={project.id} draft={draft.data} canEdit={canEdit} />
      <KeysSection projectId={project.id} draft={draft.data} published={snapshot} changes={changes} canEdit={canEdit} />
      <LiveEventsSection projectId={project.id} draft={draft.data} changes={changes} canEdit={canEdit} />
      <PreviewSection projectId={project.id} />
      <VersionHistorySection projectId={project.id} canEdit={canEdit} />
    </div>
  );
}
