import type { DemoDataStatus, EventSummary } from '@questboard/shared/developer';

/**
 * About how many events one demo player sends (20,000 players give about 1.24 million). The status
 * counts events sent, not the total to come, so the progress bar is an estimate, held under 100 %
 * until the load says it is done.
 */
export const DEMO_EVENTS_PER_PLAYER = 62;

export type DemoDataView =
  | { kind: 'checking' }
  /** A load runs on the server. */
  | { kind: 'running'; sentEvents: number; players: number; percent: number }
  /** The project holds demo events; `error` when the load stopped early. */
  | { kind: 'loaded'; demoEvents: number; error: string | null }
  /** No events at all: demo data can be loaded; `error` when the last load failed. */
  | { kind: 'available'; error: string | null }
  /** The game sends real events: demo data is only for empty projects. */
  | { kind: 'real-events' };

export function demoProgressPercent(sentEvents: number, players: number): number {
  if (players <= 0) return 0;
  return Math.min(99, Math.floor((sentEvents / (players * DEMO_EVENTS_PER_PLAYER)) * 100));
}

/**
 * What the demo data card shows, from the load's status and the project's event totals (undefined
 * while they load; null when they could not be read, and the server's own check has the last word).
 */
export function demoDataView(status: DemoDataStatus | undefined, summary: EventSummary | null | undefined): DemoDataView {
  if (status === undefined) return { kind: 'checking' };
  const error = status.state === 'failed' ? status.error : null;
  if (status.state === 'running') {
    return { kind: 'running', sentEvents: status.sentEvents, players: status.players, percent: demoProgressPercent(status.sentEvents, status.players) };
  }
  // The totals are refreshed every 3 s by the live check; the status only while a load runs.
  const demoEvents = summary?.demoEvents ?? status.demoEvents;
  if (demoEvents > 0) return { kind: 'loaded', demoEvents, error };
  if (summary === undefined) return { kind: 'checking' };
  if (summary !== null && summary.totalEvents > summary.demoEvents) return { kind: 'real-events' };
  return { kind: 'available', error };
}
