import { validateEvent } from '@questboard/shared/events';
import { liveConfigQuerySchema, playerFromQuery } from '@questboard/shared/live-api';
import { describe, expect, it } from 'vitest';

import { curlSnippet, ingestUrl, liveConfigCurlSnippet, newSampleEvent, randomInsertId, remoteConfigSnippet, sdkSnippet } from './snippets';

const key = 'qbk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/** Reads a curl command the way a POSIX shell would: the single-quoted words. */
function parseCurl(command: string) {
  const words = [...command.matchAll(/'([^']*)'/gu)].map((match) => match[1] ?? '');
  const [url = '', ...rest] = words;
  const data = rest.at(-1) ?? '';
  const headers = Object.fromEntries(rest.slice(0, -1).map((header) => header.split(': ') as [string, string]));
  return { url, headers, body: JSON.parse(data) as { events: unknown[] } };
}

describe('ingestUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000/ingest/v1/batch'],
    ['https://analytics.example.com/', 'https://analytics.example.com/ingest/v1/batch'],
  ])('%s → %s', (origin, url) => {
    expect(ingestUrl(origin)).toBe(url);
  });
});

describe('curlSnippet', () => {
  it('posts one event the ingestion endpoint accepts, with the key and the JSON content type', () => {
    const sample = newSampleEvent(new Date('2026-05-01T12:00:00.000Z'));
    const { url, headers, body } = parseCurl(curlSnippet({ ingestKey: key, origin: 'http://192.168.1.20:3000' }, sample));
    expect(url).toBe('http://192.168.1.20:3000/ingest/v1/batch');
    expect(headers).toEqual({ 'Content-Type': 'application/json', 'X-Ingest-Key': key });
    expect(body.events).toHaveLength(1);
    const verdict = validateEvent(body.events[0]);
    expect(verdict.reason).toBeUndefined();
    expect(verdict.event).toMatchObject({ insert_id: sample.insertId, timestamp: '2026-05-01T12:00:00.000Z', name: 'first_event' });
  });
});

describe('sdkSnippet', () => {
  it('creates the client with the key and the origin, then identifies, tracks and flushes', () => {
    const snippet = sdkSnippet({ ingestKey: key, origin: 'https://analytics.example.com/' });
    expect(snippet).toContain(`key: '${key}'`);
    expect(snippet).toContain("endpoint: 'https://analytics.example.com'");
    for (const call of ['createQuestboard(', 'identify(', 'track(', 'purchase(', 'flush()']) expect(snippet).toContain(call);
  });
});

describe('randomInsertId', () => {
  it('is a version 4 UUID', () => {
    expect(randomInsertId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    expect(randomInsertId((bytes) => bytes.fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomInsertId()).not.toBe(randomInsertId());
  });
});

describe('remote config snippets', () => {
  it('reads values with fallbacks and listens for new ones through the SDK', () => {
    const code = remoteConfigSnippet({ ingestKey: key, origin: 'https://play.example.com/' });
    expect(code).toContain(`key: '${key}'`);
    expect(code).toContain("endpoint: 'https://play.example.com'");
    expect(code).toContain("questboard.getConfig('shop.discount', 0)");
    expect(code).toContain('questboard.onConfigUpdated((values) =>');
  });

  it('asks GET /live/v1/config for one player with a query the endpoint accepts', () => {
    const command = liveConfigCurlSnippet({ ingestKey: key, origin: 'http://localhost:3000' });
    const [url = '', header = ''] = [...command.matchAll(/'([^']*)'/gu)].map((match) => match[1] ?? '');
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('http://localhost:3000/live/v1/config');
    expect(header).toBe(`X-Ingest-Key: ${key}`);
    const query = liveConfigQuerySchema.parse(Object.fromEntries(parsed.searchParams));
    expect(playerFromQuery(query)).toEqual({ player: { userId: 'player-42', platform: 'web', appVersion: '1.4.0', properties: { level: 12 } } });
  });
});
