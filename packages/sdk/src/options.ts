import { CONTEXT_FIELD_MAX_LENGTH, MAX_EVENTS_PER_BATCH, countryProblem, textProblem } from './event-rules';
import { liveConfigUrl } from './live-request';
import type { FetchLike, IngestEvent, Logger, QuestboardStorage, Timers } from './types';

export interface QuestboardOptions {
  /** The project's ingestion key, `qbk_…`, from its developer page. */
  key: string;
  /** Where Questboard runs, like `https://analytics.example.com`; events go to `{endpoint}/ingest/v1/batch`. */
  endpoint: string;
  /** Sent with every event, like `web`, `windows`, `ios` (at most 32 characters). */
  platform?: string;
  appVersion?: string;
  build?: string;
  /** Two-letter ISO 3166-1 code, like `DE`. */
  country?: string;
  /** Where the queue and the player's ids live between runs. Browser: localStorage; Node: a JSON file. */
  storage?: QuestboardStorage;
  /** Node only: the JSON file of the default storage. */
  storagePath?: string;
  /** Send what is queued this often. 5000 unless given. */
  flushIntervalMs?: number;
  /** Send as soon as this many events are queued, and at most this many per request (1 to 1000). 100 unless given. */
  maxBatchSize?: number;
  /** Past this many queued events, the oldest are dropped. 10,000 unless given. */
  maxQueueSize?: number;
  /** Idle time after which the next event starts a new session. 30 minutes unless given. */
  sessionTimeoutMs?: number;
  /** `globalThis.fetch` unless given. */
  fetch?: FetchLike;
  /** Epoch milliseconds; `Date.now` unless given. */
  now?: () => number;
  /** `setTimeout`/`clearTimeout` unless given. */
  timers?: Timers;
  /** A number in [0, 1) for the back-off jitter; `Math.random` unless given. */
  random?: () => number;
  /** Receives a warning for each problem (bad event, dropped events, refused key); silent unless given. */
  logger?: Logger;
  /** Fetch the live config (getConfig, onConfigUpdated) at start and every `configRefreshMs`. true unless given. */
  remoteConfig?: boolean;
  /** How often to fetch the live config again. 5 minutes unless given; at least 10 seconds. */
  configRefreshMs?: number;
}

/** The fields every event carries, as the wire format spells them. */
export type EventContext = Pick<IngestEvent, 'platform' | 'app_version' | 'build' | 'country'>;

export interface ClientConfig {
  url: string;
  key: string;
  context: EventContext;
  flushIntervalMs: number;
  maxBatchSize: number;
  maxQueueSize: number;
  sessionTimeoutMs: number;
  fetch: FetchLike;
  now: () => number;
  timers: Timers;
  random: () => number;
  /** `{endpoint}/live/v1/config`. */
  liveUrl: string;
  remoteConfig: boolean;
  configRefreshMs: number;
}

export const defaults = {
  configRefreshMs: 5 * 60_000,
  flushIntervalMs: 5000,
  maxBatchSize: 100,
  maxQueueSize: 10_000,
  sessionTimeoutMs: 30 * 60_000,
} as const;

// In Node, the SDK's own timers must not keep a finished script alive: the queue is on disk anyway.
const defaultTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms) as unknown as { unref?: () => void };
    if (typeof handle.unref === 'function') handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as Parameters<typeof clearTimeout>[0]);
  },
};

/**
 * The options checked and completed. A bad optional value is replaced by its default with a warning;
 * without a usable key, endpoint or fetch there is nothing to send with, so the answer is undefined.
 */
export function resolveOptions(options: QuestboardOptions, warn: (message: string) => void): ClientConfig | undefined {
  const url = ingestUrl(options.endpoint);
  if (url === undefined) {
    warn(
      `endpoint must be an http(s) URL like https://analytics.example.com (got ${JSON.stringify(options.endpoint)}); nothing will be sent`,
    );
  }
  const key: unknown = options.key;
  if (typeof key !== 'string' || key.length === 0)
    warn('key must be the ingestion key from the developer page; nothing will be sent');
  else if (!key.startsWith('qbk_'))
    warn('key does not start with qbk_: is it the ingestion key from the developer page?');
  const fetch = options.fetch ?? defaultFetch();
  if (fetch === undefined) warn('fetch is not available here: pass one in the options; nothing will be sent');
  if (url === undefined || typeof key !== 'string' || key.length === 0 || fetch === undefined) return undefined;

  const maxBatchSize = whole(
    options.maxBatchSize,
    'maxBatchSize',
    1,
    MAX_EVENTS_PER_BATCH,
    defaults.maxBatchSize,
    warn,
  );
  return {
    url,
    key,
    context: context(options, warn),
    flushIntervalMs: whole(options.flushIntervalMs, 'flushIntervalMs', 1, 2 ** 31 - 1, defaults.flushIntervalMs, warn),
    maxBatchSize,
    maxQueueSize: whole(
      options.maxQueueSize,
      'maxQueueSize',
      maxBatchSize,
      Number.MAX_SAFE_INTEGER,
      defaults.maxQueueSize,
      warn,
    ),
    sessionTimeoutMs: whole(
      options.sessionTimeoutMs,
      'sessionTimeoutMs',
      1,
      Number.MAX_SAFE_INTEGER,
      defaults.sessionTimeoutMs,
      warn,
    ),
    fetch,
    now: options.now ?? Date.now,
    timers: options.timers ?? defaultTimers,
    random: options.random ?? Math.random,
    liveUrl: liveConfigUrl(options.endpoint) ?? '',
    remoteConfig: options.remoteConfig !== false,
    configRefreshMs: whole(options.configRefreshMs, 'configRefreshMs', 10_000, 2 ** 31 - 1, defaults.configRefreshMs, warn),
  };
}

function ingestUrl(endpoint: unknown): string | undefined {
  if (typeof endpoint !== 'string') return undefined;
  try {
    const parsed = new URL(endpoint);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  } catch {
    return undefined;
  }
  return `${endpoint.replace(/\/+$/, '')}/ingest/v1/batch`;
}

function defaultFetch(): FetchLike | undefined {
  const global = globalThis as { fetch?: FetchLike };
  const found = global.fetch;
  if (typeof found !== 'function') return undefined;
  // Looked up on every call, so a fetch wrapped after the SDK started (a polyfill, a tool) is the one used.
  return (url, init) => (global.fetch ?? found)(url, init);
}

function whole(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
  warn: (message: string) => void,
): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  warn(
    `${name} must be a whole number from ${min} to ${max} (got ${typeof value === 'number' ? value : typeof value}); using ${fallback}`,
  );
  return fallback;
}

function context(options: QuestboardOptions, warn: (message: string) => void): EventContext {
  const context: EventContext = {};
  const fields = [
    ['platform', 'platform', options.platform],
    ['app_version', 'appVersion', options.appVersion],
    ['build', 'build', options.build],
  ] as const;
  for (const [field, option, value] of fields) {
    if (value === undefined) continue;
    const problem = textProblem(field, value, CONTEXT_FIELD_MAX_LENGTH);
    if (problem === undefined) context[field] = value;
    else warn(`option ${option}: ${problem}; it is left out of events`);
  }
  if (options.country !== undefined) {
    const problem = countryProblem(options.country);
    if (problem === undefined) context.country = options.country.toUpperCase();
    else warn(`option country: ${problem}; it is left out of events`);
  }
  return context;
}
