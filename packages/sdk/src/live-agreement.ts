// The SDK's half of the agreement test of issue 15: the server's delivery test publishes the shared
// table of cases (packages/shared/src/live-cases.ts) and calls this with its address and an ingestion
// key, so the SDK's own request (query, headers, answer reading) is what fetches each player's values.
import { liveConfigQuery, liveConfigUrl, requestLiveConfig, type LivePlayer } from './live-request';
import type { FetchLike, Timers } from './types';

export interface LiveAgreementOptions {
  /** Where Questboard runs, like the SDK's `endpoint` option. */
  endpoint: string;
  /** An ingestion key of the project that published the table's configuration. */
  key: string;
  /** `globalThis.fetch` unless given; a test may route requests into the app without a socket. */
  fetch?: FetchLike;
}

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/** Each player's values, in order, as the SDK receives them; throws on any answer but 200. */
export async function fetchLiveValues(options: LiveAgreementOptions, players: LivePlayer[]): Promise<Record<string, unknown>[]> {
  const url = liveConfigUrl(options.endpoint);
  if (url === undefined) throw new Error(`not an http(s) endpoint: ${options.endpoint}`);
  const fetch: FetchLike = options.fetch ?? globalThis.fetch;
  const values: Record<string, unknown>[] = [];
  for (const player of players) {
    const answer = await requestLiveConfig({ url, key: options.key, query: liveConfigQuery(player), etag: undefined, fetch, timers });
    if (answer.kind !== 'updated') throw new Error(`player ${player.userId}: ${JSON.stringify(answer)}`);
    values.push(answer.values);
  }
  return values;
}
