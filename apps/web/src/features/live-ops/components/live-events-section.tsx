import { CalendarPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { LiveDraft } from '@questboard/shared/live-api';
import { liveDefinition } from '@questboard/shared/live-definitions';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useConfirmation } from '../../../hooks/use-confirmation';
import { notify } from '../../../lib/notify';
import { useDeleteLiveEvent } from '../api/live-mutations';
import type { DraftChanges } from '../lib/draft-changes';
import { type EventFields, emptyEventFields, eventFieldsOf } from '../lib/event-form';
import { eventTimeline } from '../lib/event-timeline';
import { EventEditor } from './event-editor';
import { type DraftEvent, EventTimelineGroup } from './event-timeline-group';

interface LiveEventsSectionProps {
  projectId: string;
  draft: LiveDraft;
  changes: DraftChanges;
  canEdit: boolean;
}

type Editing = { fields: EventFields; eventId: string | null } | null;

/** The draft's live events on a timeline by the server's clock: live now, upcoming, ended. */
export function LiveEventsSection({ projectId, draft, changes, canEdit }: LiveEventsSectionProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletion = useConfirmation<DraftEvent>(headingRef);
  const remove = useDeleteLiveEvent(projectId);
  const now = new Date(draft.now);
  const timeline = eventTimeline(draft.events, now);
  const edit = canEdit ? (event: DraftEvent) => setEditing({ fields: eventFieldsOf(event, draft.keys), eventId: event.id }) : undefined;
  const ask = canEdit ? (event: DraftEvent) => deletion.ask(event) : undefined;
  const group = (title: string, events: DraftEvent[], empty: string, showProgress = false) => (
    <EventTimelineGroup title={title} events={events} empty={empty} now={now} showProgress={showProgress} marks={changes.events} onEdit={edit} onDelete={ask} />
  );

  return (
    <SettingsSection
      title="Live events"
      count={draft.events.length}
      headingRef={headingRef}
      description={liveDefinition('live-events').definition}
      aside={
        canEdit && !editing ? (
          <Button size="sm" disabled={draft.keys.length === 0} onClick={() => setEditing({ fields: emptyEventFields(now, draft.keys[0]?.name), eventId: null })}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            New live event
          </Button>
        ) : undefined
      }
    >
      {editing && (
        <div className="mb-6">
          <EventEditor projectId={projectId} keys={draft.keys} initial={editing.fields} eventId={editing.eventId} onDone={() => setEditing(null)} />
        </div>
      )}
      {draft.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No live events yet.{canEdit && draft.keys.length === 0 ? ' Add a key first: an event overrides keys.' : ''}
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {group('Live now', timeline.live, 'Nothing is live right now.', true)}
          {group('Upcoming', timeline.upcoming, 'Nothing scheduled.')}
          {timeline.ended.length > 0 && group('Ended', timeline.ended, '')}
        </div>
      )}
      {deletion.subject && (
        <ConfirmDialog
          title={`Delete live event "${deletion.subject.name}"?`}
          description="It leaves the draft now, and players at the next publish."
          confirmLabel="Delete event"
          destructive
          onConfirm={async () => {
            const name = deletion.subject?.name ?? '';
            await remove.mutateAsync(deletion.subject?.id ?? '');
            deletion.succeeded();
            notify.success(`Live event "${name}" deleted from the draft`);
          }}
          onClose={deletion.close}
        />
      )}
    </SettingsSection>
  );
}
