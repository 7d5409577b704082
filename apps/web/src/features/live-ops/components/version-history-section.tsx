import { useState } from 'react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@questboard/shared/dates';
import type { LiveVersionSummary } from '@questboard/shared/live-api';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { notify } from '../../../lib/notify';
import { useLiveDiff, useLiveVersions } from '../api/get-live-config';
import { useRollbackLiveConfig } from '../api/live-mutations';
import { diffLines } from '../lib/draft-changes';

/** Every publish and rollback, newest first (the audit list), each comparable with the current version. */
export function VersionHistorySection({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const versions = useLiveVersions(projectId);
  const [compared, setCompared] = useState<number | null>(null);
  const [rollingBack, setRollingBack] = useState<number | null>(null);
  const rollback = useRollbackLiveConfig(projectId);
  const current = versions.data?.current ?? 0;

  return (
    <SettingsSection title="Version history" count={versions.data?.versions.length} description="Every publish and rollback: who, when and why. A rollback publishes an earlier version again.">
      {versions.isPending ? (
        <ListSkeleton label="Loading versions" rows={2} />
      ) : versions.isError ? (
        <LoadError message="The versions could not be loaded." onRetry={() => void versions.refetch()} />
      ) : versions.data.versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing published yet.</p>
      ) : (
        <ol aria-label="Versions" className="-my-3 flex flex-col divide-y">
          {versions.data.versions.map((version) => (
            <VersionRow
              key={version.version}
              version={version}
              isCurrent={version.version === current}
              comparing={compared === version.version}
              onCompare={() => setCompared(compared === version.version ? null : version.version)}
              onRollback={canEdit && version.version !== current ? () => setRollingBack(version.version) : undefined}
            >
              {compared === version.version && <VersionDiff projectId={projectId} version={version.version} current={current} />}
            </VersionRow>
          ))}
        </ol>
      )}
      {rollingBack !== null && (
        <ConfirmDialog
          title={`Roll back to version ${rollingBack}?`}
          description={`Version ${rollingBack} is published again as a new version, and the draft is reset to it: unpublished changes are lost.`}
          confirmLabel="Roll back"
          onConfirm={async () => {
            const made = await rollback.mutateAsync(rollingBack);
            notify.success(`Rolled back: version ${made.version} is version ${rollingBack} again`);
          }}
          onClose={() => setRollingBack(null)}
        />
      )}
    </SettingsSection>
  );
}

interface VersionRowProps {
  version: LiveVersionSummary;
  isCurrent: boolean;
  comparing: boolean;
  onCompare: () => void;
  onRollback: (() => void) | undefined;
  children: ReactNode;
}

function VersionRow({ version, isCurrent, comparing, onCompare, onRollback, children }: VersionRowProps) {
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Version {version.version}</span>
          {isCurrent && <Badge tone="success">Current</Badge>}
          {version.action === 'rollback' && <Badge>Rollback</Badge>}
        </span>
        {!isCurrent && (
          <Button variant="outline" size="sm" aria-expanded={comparing} aria-label={`Compare version ${version.version} with the current one`} onClick={onCompare}>
            Compare
          </Button>
        )}
        {onRollback && (
          <Button variant="outline" size="sm" aria-label={`Roll back to version ${version.version}`} onClick={onRollback}>
            Roll back
          </Button>
        )}
      </div>
      <p className="text-sm break-words">{version.note || <span className="text-muted-foreground">No note</span>}</p>
      <p className="text-sm text-muted-foreground">
        {version.publishedBy}, {formatDateTime(version.publishedAt)} · {version.keys} {version.keys === 1 ? 'key' : 'keys'}, {version.events}{' '}
        {version.events === 1 ? 'live event' : 'live events'}
      </p>
      {children}
    </li>
  );
}

function VersionDiff({ projectId, version, current }: { projectId: string; version: number; current: number }) {
  const diff = useLiveDiff(projectId, version, current);
  if (diff.isPending) return <ListSkeleton label="Loading the changes" rows={1} />;
  if (diff.isError) return <LoadError message="The changes could not be loaded." onRetry={() => void diff.refetch()} />;
  const lines = diffLines(diff.data);
  return (
    <div className="rounded-lg bg-muted px-3 py-2 text-sm">
      <p className="mb-1 font-medium">From version {version} to the current version {current}:</p>
      {lines.length === 0 ? (
        <p>No differences.</p>
      ) : (
        <ul aria-label={`Changes since version ${version}`} className="list-disc pl-5">
          {lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
