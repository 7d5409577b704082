import type { App } from '../src/app';
import type { IngestEventInput } from '@questboard/shared/events';

/** A valid event as a game sends it; `overrides` replace fields (undefined ones are left out by JSON). */
export function event(overrides: Partial<Record<keyof IngestEventInput, unknown>> = {}, at = new Date()): Record<string, unknown> {
  return {
    insert_id: `e-${Math.random().toString(36).slice(2)}`,
    name: 'level_complete',
    user_id: 'player-1',
    timestamp: at.toISOString(),
    session_id: 's-1',
    platform: 'iOS',
    app_version: '1.2.0',
    build: '120',
    country: 'de',
    properties: { level: 3, boss: 'Hydra', hard: true, score: null },
    ...overrides,
  };
}

/** One POST to the ingestion endpoint with `key` (no header for undefined); strings and buffers go as they are. */
export function ingest(app: App, key: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/ingest/v1/batch',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-ingest-key': key }), ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
}
