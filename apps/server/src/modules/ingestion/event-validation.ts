import { INGEST_MAX_AGE_DAYS, INGEST_MAX_FUTURE_HOURS, validateEvent, type RejectedEvent } from '@questboard/shared/events';
import type { NewEvent } from '../events/event-store';

const dayMs = 86_400_000;

/**
 * Validates each event on its own with the shared schema: one bad event is reported with its reason
 * and never costs the others their place.
 */
export function validateEvents(raw: readonly unknown[], receivedAt: Date, demo: boolean): { accepted: NewEvent[]; rejected: RejectedEvent[] } {
  const accepted: NewEvent[] = [];
  const rejected: RejectedEvent[] = [];
  const oldest = receivedAt.getTime() - INGEST_MAX_AGE_DAYS * dayMs;
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
    if (time > latest) {
      rejected.push({ index, insert_id: parsed.event.insert_id, reason: `timestamp is more than ${INGEST_MAX_FUTURE_HOURS} hours in the future` });
      return;
    }
    accepted.push({ ...parsed.event, receivedAt, demo });
  });
  return { accepted, rejected };
}

function insertIdOf(candidate: unknown): string | null {
  if (typeof candidate !== 'object' || candidate === null) return null;
  const value = (candidate as Record<string, unknown>).insert_id;
  return typeof value === 'string' ? value.slice(0, 128) : null;
}
