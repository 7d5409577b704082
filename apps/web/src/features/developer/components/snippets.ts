// The copy-ready snippets of "Send your first event", as plain functions of the key, the origin and
// the sample event's id and time (generated when the page shows them, so a pasted command is valid).
import { apiPaths } from '@questboard/shared/api-paths';

export const INGEST_PATH = apiPaths.ingestion.batch.url();
/** Stands in for the key when the project has no active key. */
export const KEY_PLACEHOLDER = 'YOUR_INGEST_KEY';

/** The ingestion endpoint on the server this page came from. */
export function ingestUrl(origin: string): string {
  return `${origin.replace(/\/+$/u, '')}${INGEST_PATH}`;
}

export interface SnippetInput {
  /** The ingestion key, or KEY_PLACEHOLDER. */
  ingestKey: string;
  /** Where Questboard runs, like https://analytics.example.com. */
  origin: string;
}

export interface SampleEvent {
  insertId: string;
  /** ISO 8601 with a zone, like 2026-05-01T12:00:00.000Z. */
  timestamp: string;
}

export function sdkSnippet({ ingestKey, origin }: SnippetInput): string {
  return `import { createQuestboard } from '@questboard/sdk';

const questboard = createQuestboard({
  key: '${ingestKey}',
  endpoint: '${origin.replace(/\/+$/u, '')}',
  platform: 'web',
  logger: console, // while you set it up: every warning in the console
});

questboard.identify('player-42');
questboard.track('level_complete', { level: 3, stars: 2 });
questboard.purchase({ productId: 'gem_pack_small', amount: 4.99, currency: 'USD' });

// Events go out in batches every few seconds; flush() sends them now.
await questboard.flush();
`;
}

/** A curl command that sends one valid event (POSIX shells: the JSON is in single quotes). */
export function curlSnippet({ ingestKey, origin }: SnippetInput, { insertId, timestamp }: SampleEvent): string {
  const event = { insert_id: insertId, name: 'first_event', user_id: 'player-42', timestamp, platform: 'web', country: 'US' };
  const fields = Object.entries(event)
    .map(([field, value]) => `        "${field}": ${JSON.stringify(value)}`)
    .join(',\n');
  return `curl -X POST '${ingestUrl(origin)}' \\
  -H 'Content-Type: application/json' \\
  -H 'X-Ingest-Key: ${ingestKey}' \\
  --data '{
    "events": [
      {
${fields}
      }
    ]
  }'
`;
}

/**
 * A random UUID v4 for the sample's insert_id. crypto.randomUUID exists only on secure origins, and
 * a self-hosted server is often reached over plain http on a LAN; getRandomValues works everywhere.
 */
export function randomInsertId(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newSampleEvent(now: Date = new Date()): SampleEvent {
  return { insertId: randomInsertId(), timestamp: now.toISOString() };
}

/** What games call for their remote config values (docs/product/http-contract.md#live-operations). */
export const LIVE_CONFIG_PATH = apiPaths.live.config.url();

/** The SDK reading remote config: a value with its fallback, and a listener for new values. */
export function remoteConfigSnippet({ ingestKey, origin }: SnippetInput): string {
  return `import { createQuestboard } from '@questboard/sdk';

const questboard = createQuestboard({
  key: '${ingestKey}',
  endpoint: '${origin.replace(/\/+$/u, '')}',
  platform: 'web',
  appVersion: '1.4.0',
});

questboard.identify('player-42');
// Player properties that rules and live events can target.
questboard.setPlayerProperties({ level: 12 });

// At once and never blocking: the last values fetched (kept offline), else the fallback.
const discount = questboard.getConfig('shop.discount', 0);
const newShop = questboard.getConfig('new_shop', false);

// Fetched at start and every 5 minutes; called when a publish or a live event changes a value.
const stop = questboard.onConfigUpdated((values) => {
  console.log('shop.discount is now', values['shop.discount']);
});
`;
}

/** One player's values with curl: what the SDK asks for, to try a rule from a terminal. */
export function liveConfigCurlSnippet({ ingestKey, origin }: SnippetInput): string {
  const query = new URLSearchParams({ user_id: 'player-42', platform: 'web', app_version: '1.4.0', properties: JSON.stringify({ level: 12 }) });
  return `curl '${origin.replace(/\/+$/u, '')}${LIVE_CONFIG_PATH}?${query.toString()}' \\
  -H 'X-Ingest-Key: ${ingestKey}'
`;
}
