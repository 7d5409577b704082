import type { LiveDraft } from '@questboard/shared/live-api';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { describeCondition } from '../../../lib/live-config/condition-form';
import type { DraftMark } from '../lib/draft-changes';
import { eventProgress, formatUtc } from '../lib/event-timeline';
import { valueSummary } from '../../../lib/live-config/value-text';

export type DraftEvent = LiveDraft['events'][number];

interface EventTimelineGroupProps {
  title: string;
  events: DraftEvent[];
  empty: string;
  now: Date;
  /** Live events show how far through their window they are. */
  showProgress: boolean;
  marks: Map<string, DraftMark>;
  onEdit: ((event: DraftEvent) => void) | undefined;
  onDelete: ((event: DraftEvent) => void) | undefined;
}

const markLabels: Record<DraftMark, string> = { new: 'New in draft', changed: 'Changed in draft' };

/** One part of the timeline: its events with their window, targeting and overrides; a live one shows how far it is. */
export function EventTimelineGroup({ title, events, empty, now, showProgress, marks, onEdit, onDelete }: EventTimelineGroupProps) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({events.length})</span>
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {events.map((event) => {
            const progress = eventProgress(event, now);
            const mark = marks.get(event.id);
            return (
              <li key={event.id} className="flex flex-col gap-2 rounded-xl border p-3">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                    <span className="text-sm font-medium break-words">{event.name}</span>
                    {mark && <Badge tone="info">{markLabels[mark]}</Badge>}
                  </span>
                  {onEdit && (
                    <Button variant="outline" size="sm" aria-label={`Edit live event ${event.name}`} onClick={() => onEdit(event)}>
                      Edit
                    </Button>
                  )}
                  {onDelete && (
                    <Button variant="danger-outline" size="sm" aria-label={`Delete live event ${event.name}`} onClick={() => onDelete(event)}>
                      Delete
                    </Button>
                  )}
                </div>
                <p className="text-sm text-muted-foreground">
                  {formatUtc(event.startsAt)} → {formatUtc(event.endsAt)}
                </p>
                {showProgress && (
                  <div
                    role="progressbar"
                    aria-label={`${event.name}: time passed`}
                    aria-valuenow={progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    className="h-1.5 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full rounded-full bg-success" style={{ width: `${progress}%` }} />
                  </div>
                )}
                <p className="text-sm break-words">
                  <span className="text-muted-foreground">For </span>
                  {event.conditions.length === 0 ? 'every player' : event.conditions.map(describeCondition).join(' and ')}
                  <span className="text-muted-foreground">: </span>
                  {event.overrides.map((override) => `${override.key} = ${valueSummary(override.value, 40)}`).join(', ')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
