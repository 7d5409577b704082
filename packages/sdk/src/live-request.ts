// One request to GET /live/v1/config (docs/product/http-contract.md#live-operations): the server
// evaluates the published config for this player, so the SDK never needs the rules or the rollout
// hash (ADR 020). Used by the client and by the agreement helper the server's tests run.
import type { EventProperties, FetchLike, LiveExperimentEntry, Timers } from './types';

/** A request that has not answered in this long is abandoned; the cached values stay. */
export const LIVE_REQUEST_TIMEOUT_MS = 30_000;

/** One player as the game describes it; the shape of the server's player context. */
export interface LivePlayer {
  userId: string;
  platform?: string;
  country?: string;
  appVersion?: string;
  properties?: EventProperties;
}

export type LiveAnswer =
  | { kind: 'updated'; values: Record<string, unknown>; version: number; experiments: LiveExperimentEntry[]; etag: string | undefined }
  | { kind: 'unchanged' }
  /** 401 or 403: the key is unknown or revoked. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; reason: string };

/** `{endpoint}/live/v1/config`, or undefined for an endpoint that is not an http(s) URL. */
export function liveConfigUrl(endpoint: string): string | undefined {
  try {
    const { protocol } = new URL(endpoint);
    if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  } catch {
    return undefined;
  }
  return `${endpoint.replace(/\/+$/, '')}/live/v1/config`;
}

/** The contract's query for one player: user_id, platform, country, app_version and properties as JSON. */
export function liveConfigQuery(player: LivePlayer): string {
  const query = new URLSearchParams({ user_id: player.userId });
  if (player.platform !== undefined) query.set('platform', player.platform);
  if (player.country !== undefined) query.set('country', player.country);
  if (player.appVersion !== undefined) query.set('app_version', player.appVersion);
  if (player.properties !== undefined && Object.keys(player.properties).length > 0) {
    query.set('properties', JSON.stringify(player.properties));
  }
  return query.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serverMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed) && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the start of the text says more than nothing
  }
  return body.slice(0, 200) || 'no message';
}

/** The experiments of an answer that have the contract's shape; others are left out. */
export function readExperiments(value: unknown): LiveExperimentEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.key === 'string' && typeof entry.variant === 'string' && Array.isArray(entry.keys)
      ? [{ key: entry.key, variant: entry.variant, keys: entry.keys.filter((key): key is string => typeof key === 'string') }]
      : [],
  );
}

/** The values and experiments of a 200 answer, or why it cannot be used. */
export function readLiveAnswer(body: string): { values: Record<string, unknown>; version: number; experiments: LiveExperimentEntry[] } | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the answer is not JSON';
  }
  if (!isRecord(parsed) || !isRecord(parsed.values)) return 'the answer has no values object';
  const version = typeof parsed.version === 'number' && Number.isSafeInteger(parsed.version) ? parsed.version : 0;
  return { values: parsed.values, version, experiments: readExperiments(parsed.experiments) };
}

export interface LiveRequest {
  url: string;
  key: string;
  query: string;
  /** Sent as If-None-Match: the server answers 304 when the values have not changed. */
  etag: string | undefined;
  fetch: FetchLike;
  timers: Timers;
}

/** Asks the server once. Never rejects: network errors and time-outs are a `failed` answer. */
export async function requestLiveConfig(request: LiveRequest): Promise<LiveAnswer> {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer = request.timers.setTimeout(() => controller?.abort(), LIVE_REQUEST_TIMEOUT_MS);
  try {
    const headers: Record<string, string> = { 'X-Ingest-Key': request.key };
    if (request.etag !== undefined) headers['If-None-Match'] = request.etag;
    const response = await request.fetch(`${request.url}?${request.query}`, {
      method: 'GET',
      headers,
      ...(controller === undefined ? {} : { signal: controller.signal }),
    });
    if (response.status === 304) return { kind: 'unchanged' };
    const body = await response.text();
    if (response.status === 401 || response.status === 403) return { kind: 'refused', status: response.status, message: serverMessage(body) };
    if (response.status !== 200) return { kind: 'failed', reason: `${response.status}: ${serverMessage(body)}` };
    const answer = readLiveAnswer(body);
    if (typeof answer === 'string') return { kind: 'failed', reason: answer };
    return { kind: 'updated', ...answer, etag: response.headers.get('etag') ?? undefined };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    request.timers.clearTimeout(timer);
  }
}
