import { INGEST_MAX_AGE_DAYS, INGEST_MAX_FUTURE_HOURS, validateEvent, type RejectedEvent } from '@questboard/shared/events';
import type { NewEvent } from '../events/event-store';

const dayMs = 86_400_000;

/**
 * Validates each event on its own with the shared schema: one bad event is reported with its reason
 * and never costs the others their place.
 */
export function validateEvents(
  raw: readonly unknown[],
  receivedAt: Date,
  demo: boolean,
  retentionDays: number | null = null,
): { accepted: NewEvent[]; rejected: RejectedEvent[] } {
  const accepted: NewEvent[] = [];
  const rejected: RejectedEvent[] = [];
  const oldest = receivedAt.getTime() - INGEST_MAX_AGE_DAYS * dayMs;
  // The project keeps events for `retentionDays`: an older one would be deleted at the next sweep.
  const retained = retentionDays === null ? oldest : receivedAt.getTime() - retentionDays * dayMs;
  const latest = receivedAt.getTime() + INGEST_MAX_FUTURE_HOURS * 3_600_000;
  raw.forEach((candidate, index) => {
    const parsed = validateEvent(candidate);
    if (parsed.reason !== undefined) {
      rejected.push({ index, insert_id: insertIdOf(candidate), reason: parsed.reason });
      return;
    }
    const time = Date.parse(parsed.event.timestamp);
    if (time < oldest) {
      rejected.push({ index, insert_id: parsed.event.insert_id, reason: `timestamp is more than ${INGEST_MAX_AGE_DAYS} days in the past` });
      return;
    }
    if (time < retained) {
      rejected.push({ index, insert_id: parsed.event.insert_id, reason: `timestamp is older than this project's data retention of ${retentionDays} days` });
      return;
    }
    if (time > latest) {
      rejected.push({ index, insert_id: parsed.event.insert_id, reason: `timestamp is more than ${INGEST_MAX_FUTURE_HOURS} hours in the future` });
      return;
    }
    accepted.push({ ...parsed.event, receivedAt, demo, timeMs: time });
  });
  return { accepted, rejected };
}

function insertIdOf(candidate: unknown): string | null {
  if (typeof candidate !== 'object' || candidate === null) return null;
  const value = (candidate as Record<string, unknown>).insert_id;
  return typeof value === 'string' ? value.slice(0, 128) : null;
}
