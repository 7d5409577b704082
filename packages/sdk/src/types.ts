// The shapes the SDK works with. The event mirrors the server's schema for one event
// (packages/shared/src/events.ts); the SDK cannot import it, because it must stay dependency-free.

export type PropertyValue = string | number | boolean | null;

/** Flat: at most 50 keys of 1 to 64 characters; strings of at most 1024 characters. */
export type EventProperties = Record<string, PropertyValue>;

/** One event as it is queued, persisted and sent to POST /ingest/v1/batch. */
export interface IngestEvent {
  insert_id: string;
  name: string;
  user_id: string;
  /** ISO 8601 in UTC, like 2026-05-01T12:00:00.000Z. */
  timestamp: string;
  session_id?: string;
  platform?: string;
  app_version?: string;
  build?: string;
  country?: string;
  properties?: EventProperties;
  revenue_amount?: number;
  currency?: string;
  product_id?: string;
}

export interface SessionState {
  id: string;
  /** Epoch milliseconds of the session's latest event. */
  lastEventAt: number;
}

/** The last answer of GET /live/v1/config, so a game offline at start still gets the last values. */
export interface CachedLiveConfig {
  /** The request's query: the answer belongs to this player, context and properties. */
  query: string;
  etag?: string;
  version: number;
  values: Record<string, unknown>;
  /** The running experiments the player is in, and the config keys each controls (ADR 029). */
  experiments?: LiveExperimentEntry[];
}

/** One experiment of the answer: the player's variant, and the keys whose first read exposes them. */
export interface LiveExperimentEntry {
  key: string;
  variant: string;
  keys: string[];
}

/** Everything that must survive a reload or a crash: the player's ids, the session, the queue and the live config. */
export interface PersistedState {
  version: 1;
  anonymousId: string;
  userId?: string;
  session?: SessionState;
  /** Oldest first. */
  queue: IngestEvent[];
  /** The UTC day of the SDK's first start here, YYYY-MM-DD: sent as the player property install_date. */
  installDate?: string;
  liveConfig?: CachedLiveConfig;
  /**
   * The experiments each player has been exposed to (an `experiment_exposure` event queued), as
   * `player id + "\n" + experiment key`, oldest first, at most EXPOSURES_KEPT: one event per experiment and player.
   */
  exposures?: string[];
}

/**
 * Where the SDK keeps its state between runs. `load` is called once, at start; `save` replaces the
 * whole state and is never called again before a returned promise settles. Either may throw: the
 * SDK warns and carries on in memory.
 */
export interface QuestboardStorage {
  load(): PersistedState | undefined;
  save(state: PersistedState): void | Promise<void>;
}

/** `console` fits. */
export interface Logger {
  warn(message: string): void;
}

/** `setTimeout`/`clearTimeout`, injectable so tests move time by hand. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The part of the standard `fetch` the SDK uses; `globalThis.fetch` fits. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;
