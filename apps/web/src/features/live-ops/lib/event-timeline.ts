// The live events' timeline (issue 15): live now, upcoming and ended, by the server's clock.
import { liveEventPhase } from '@questboard/shared/live-api';

interface Windowed {
  startsAt: string;
  endsAt: string;
}

export interface EventTimeline<E extends Windowed> {
  /** Ending soonest first. */
  live: E[];
  /** Starting soonest first. */
  upcoming: E[];
  /** Ended most recently first. */
  ended: E[];
}

const at = (instant: string) => Date.parse(instant);

export function eventTimeline<E extends Windowed>(events: readonly E[], now: Date): EventTimeline<E> {
  const timeline: EventTimeline<E> = { live: [], upcoming: [], ended: [] };
  for (const event of events) timeline[liveEventPhase(event, now)].push(event);
  timeline.live.sort((a, b) => at(a.endsAt) - at(b.endsAt));
  timeline.upcoming.sort((a, b) => at(a.startsAt) - at(b.startsAt));
  timeline.ended.sort((a, b) => at(b.endsAt) - at(a.endsAt));
  return timeline;
}

/** How far a live event is through its window, 0 to 100, rounded. */
export function eventProgress(event: Windowed, now: Date): number {
  const span = at(event.endsAt) - at(event.startsAt);
  if (!(span > 0)) return 0;
  return Math.round(Math.min(Math.max((now.getTime() - at(event.startsAt)) / span, 0), 1) * 100);
}

/** "Oct 30, 2026, 00:00 UTC": the instants are UTC everywhere on the page. */
export function formatUtc(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}
