import { useRef } from 'react';
import { MAX_ACTIVE_INGEST_KEYS, type IngestKey } from '@questboard/shared/developer';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useIngestKeys } from '../api/get-ingest-keys';
import { useRevokeIngestKey } from '../api/revoke-ingest-key';
import { CreateIngestKeyForm } from './create-ingest-key-form';
import { IngestKeyRow } from './ingest-key-row';
import { activeKeyCount, orderIngestKeys } from './ingest-key-list';
import { useNow } from './use-now';

/** The project's keys: any member creates them; owners and admins revoke them. */
export function IngestKeysSection({ projectId, canRevoke }: { projectId: string; canRevoke: boolean }) {
  const keys = useIngestKeys(projectId);
  const revoke = useRevokeIngestKey(projectId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const revocation = useConfirmation<IngestKey>(headingRef);
  const now = useNow();
  const list = keys.data && orderIngestKeys(keys.data);

  return (
    <SettingsSection
      title="Ingestion keys"
      headingRef={headingRef}
      count={keys.data && activeKeyCount(keys.data)}
      description={
        `Each key lets a game send events to this project, and nothing else, so it may ship inside a game build. ` +
        `Use one per platform or build to revoke one without stopping the others (at most ${MAX_ACTIVE_INGEST_KEYS} active).` +
        (canRevoke ? '' : ' Owners and admins can revoke keys.')
      }
    >
      <CreateIngestKeyForm projectId={projectId} />
      <div className="mt-5 border-t">
        {keys.isPending && <ListSkeleton label="Loading ingestion keys..." rows={2} />}
        {keys.isError && (
          <div className="pt-4">
            <LoadError message={getErrorMessage(keys.error, 'Failed to load the ingestion keys')} onRetry={() => void keys.refetch()} />
          </div>
        )}
        {list?.length === 0 && <p className="pt-4 text-sm text-muted-foreground">No keys yet. Create one above.</p>}
        {list && list.length > 0 && (
          <ul aria-label="Ingestion keys" className="divide-y">
            {list.map((ingestKey) => (
              <IngestKeyRow
                key={ingestKey.id}
                ingestKey={ingestKey}
                now={now}
                onRevoke={canRevoke ? () => revocation.ask(ingestKey) : undefined}
              />
            ))}
          </ul>
        )}
      </div>

      {revocation.subject && (
        <ConfirmDialog
          title={`Revoke the key "${revocation.subject.name}"?`}
          description={
            <>
              <p>
                Games sending with this key stop sending at once: the ingestion endpoint refuses it from now on. The SDK keeps
                their unsent events until a build with another key starts.
              </p>
              <p className="mt-2">Events already received stay. Revoking cannot be undone.</p>
            </>
          }
          confirmLabel="Revoke key"
          destructive
          failureMessage="Failed to revoke the key"
          onConfirm={async () => {
            const ingestKey = revocation.subject;
            if (!ingestKey) return;
            await revoke.mutateAsync(ingestKey.id);
            revocation.succeeded();
            notify.success(`Key "${ingestKey.name}" revoked`);
          }}
          onClose={revocation.close}
        />
      )}
    </SettingsSection>
  );
}
