import { readExperiments } from './live-request';
import type { CachedLiveConfig, IngestEvent, PersistedState, SessionState } from './types';

/**
 * The state a storage gave back, checked field by field: it may come from an older SDK, a hand-edited
 * file or a half-written one. What cannot be used is left out rather than failing the start.
 */
export function readPersistedState(raw: unknown): PersistedState | undefined {
  if (!isRecord(raw) || raw.version !== 1 || !isText(raw.anonymousId)) return undefined;
  const state: PersistedState = {
    version: 1,
    anonymousId: raw.anonymousId,
    queue: Array.isArray(raw.queue) ? raw.queue.filter(isQueuedEvent) : [],
  };
  if (isText(raw.userId)) state.userId = raw.userId;
  if (isSession(raw.session)) state.session = { id: raw.session.id, lastEventAt: raw.session.lastEventAt };
  if (typeof raw.installDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.installDate)) state.installDate = raw.installDate;
  const liveConfig = readLiveConfig(raw.liveConfig);
  if (liveConfig !== undefined) state.liveConfig = liveConfig;
  if (Array.isArray(raw.exposures)) state.exposures = raw.exposures.filter(isText);
  return state;
}

function readLiveConfig(value: unknown): CachedLiveConfig | undefined {
  if (!isRecord(value) || typeof value.query !== 'string' || !isRecord(value.values)) return undefined;
  if (typeof value.version !== 'number' || !Number.isSafeInteger(value.version)) return undefined;
  const cached: CachedLiveConfig = { query: value.query, version: value.version, values: value.values };
  if (isText(value.etag)) cached.etag = value.etag;
  if (value.experiments !== undefined) cached.experiments = readExperiments(value.experiments);
  return cached;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isSession(value: unknown): value is SessionState {
  return (
    isRecord(value) && isText(value.id) && typeof value.lastEventAt === 'number' && Number.isFinite(value.lastEventAt)
  );
}

// The server has the last word on each event; this only keeps out what the SDK itself relies on.
function isQueuedEvent(value: unknown): value is IngestEvent {
  return (
    isRecord(value) && isText(value.insert_id) && isText(value.name) && isText(value.user_id) && isText(value.timestamp)
  );
}
