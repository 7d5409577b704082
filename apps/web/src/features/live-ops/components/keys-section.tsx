import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { LiveDraft } from '@questboard/shared/live-api';
import { liveErrorCodes } from '@questboard/shared/live-api';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useDeleteLiveKey } from '../api/live-mutations';
import type { DraftChanges } from '../lib/draft-changes';
import { emptyKeyFields, keyFieldsOf, type KeyFields } from '../lib/key-form';
import { KeyEditor } from './key-editor';
import { KeyRow } from './key-row';

interface KeysSectionProps {
  projectId: string;
  draft: LiveDraft;
  published: LiveConfigSnapshot | null;
  changes: DraftChanges;
  canEdit: boolean;
}

type Editing = { fields: KeyFields; isNew: boolean } | null;
/** Deleting asks first; a key a live event overrides asks again, naming the events (the server's answer). */
interface Deleting {
  name: string;
  inUse: string[] | null;
}

/** The live events, in the draft or published, that override `name`: what the server's 409 is about. */
function eventsUsing(name: string, draft: LiveDraft, published: LiveConfigSnapshot | null): string[] {
  const events = [...draft.events, ...(published?.events ?? [])].filter((event) => event.overrides.some((override) => override.key === name));
  return [...new Set(events.map((event) => event.name))];
}

export function KeysSection({ projectId, draft, published, changes, canEdit }: KeysSectionProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletion = useConfirmation<Deleting>(headingRef);
  const remove = useDeleteLiveKey(projectId);
  const subject = deletion.subject;
  const publishedKey = (name: string) => published?.keys.find((key) => key.name === name);

  const deleteKey = async ({ name, inUse }: Deleting) => {
    try {
      await remove.mutateAsync({ name, confirm: inUse !== null });
    } catch (error) {
      if (inUse === null && isApiError(error, 409) && error.code === liveErrorCodes.keyInUse) {
        // Closing this dialog opens the second one, which says what else goes.
        setTimeout(() => deletion.ask({ name, inUse: eventsUsing(name, draft, published) }));
        return;
      }
      throw error;
    }
    deletion.succeeded();
    notify.success(`Key "${name}" deleted from the draft`);
  };

  return (
    <SettingsSection
      title="Config keys"
      count={draft.keys.length}
      headingRef={headingRef}
      description="What games read with getConfig(key, fallback). Changes stay in the draft until they are published."
      aside={
        canEdit && !editing ? (
          <Button size="sm" onClick={() => setEditing({ fields: emptyKeyFields(), isNew: true })}>
            <Plus aria-hidden="true" className="size-4" />
            New key
          </Button>
        ) : undefined
      }
    >
      {editing && (
        <div className="mb-4">
          <KeyEditor projectId={projectId} initial={editing.fields} isNew={editing.isNew} onDone={() => setEditing(null)} />
        </div>
      )}
      {draft.keys.length === 0 && !editing ? (
        <p className="text-sm text-muted-foreground">
          No keys yet.{canEdit ? ' Add one with New key: a name, a type and the default value every player gets.' : ''}
        </p>
      ) : (
        <ul aria-label="Config keys" className="-my-4 flex flex-col divide-y">
          {draft.keys.map((key) => (
            <KeyRow
              key={key.name}
              draftKey={key}
              published={publishedKey(key.name)}
              mark={changes.keys.get(key.name)}
              onEdit={canEdit ? () => setEditing({ fields: keyFieldsOf(key), isNew: false }) : undefined}
              onDelete={canEdit ? () => deletion.ask({ name: key.name, inUse: null }) : undefined}
            />
          ))}
        </ul>
      )}
      {changes.removedKeys.length > 0 && (
        <p className="mt-6 text-sm text-muted-foreground">
          Deleted in the draft, still published: {changes.removedKeys.map((name) => `"${name}"`).join(', ')}.
        </p>
      )}
      {subject && (
        <ConfirmDialog
          title={subject.inUse ? `"${subject.name}" is used by a live event` : `Delete key "${subject.name}"?`}
          description={
            subject.inUse
              ? `It is overridden by ${subject.inUse.map((event) => `"${event}"`).join(', ') || 'a live event'}. Deleting the key also removes those overrides from the draft; an event left with none must be fixed before the next publish.`
              : 'It leaves the draft now and leaves players at the next publish; games then get their fallback.'
          }
          confirmLabel={subject.inUse ? 'Delete key and overrides' : 'Delete key'}
          destructive
          onConfirm={() => deleteKey(subject)}
          onClose={deletion.close}
        />
      )}
    </SettingsSection>
  );
}
