// docs/product/rules-and-messages.md#constants retries, against a real local HTTP server; sleeps are recorded, not waited.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { anyAnswer, createTestClient, settle } from '../testing/api-client-harness';
import { type HttpTestServer, type ScriptedReply, startHttpTestServer } from '../testing/http-test-server';
import { NETWORK_ERROR_MESSAGE } from './api-error';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

const ok: ScriptedReply = { status: 200, body: { ok: true } };
const unavailable: ScriptedReply = { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Try later' } };

describe('retry count and delays', () => {
  // random() = 0.5: jitter 100 ms; base 500 ms doubling.
  it.each([
    ['no retry needed', [ok], []],
    ['one retry', [unavailable, ok], [600]],
    ['two retries', [unavailable, unavailable, ok], [600, 1100]],
  ])('%s', async (_name, replies, delays) => {
    const { client, time } = createTestClient(server.url, { randomValue: 0.5 });
    server.script(replies);
    await expect(client.get('/core/projects/all', anyAnswer)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(replies.length);
    expect(time.sleeps).toEqual(delays);
  });

  it('gives up after two retries with the last error', async () => {
    const { client, time } = createTestClient(server.url, { randomValue: 0 });
    server.script([{ status: 500 }, { status: 502 }, unavailable, ok]);
    await expect(client.get('/x', anyAnswer)).rejects.toMatchObject({ status: 503, message: 'Try later' });
    expect(server.requests).toHaveLength(3);
    expect(time.sleeps).toEqual([500, 1000]);
  });

  it.each([
    [0, [500, 1000]],
    [0.25, [550, 1050]],
    [0.999, [699, 1199]],
  ])('adds a jitter under 200 ms (random %s)', async (random, delays) => {
    const { client, time } = createTestClient(server.url, { randomValue: random });
    server.script([unavailable, unavailable, ok]);
    await client.get('/x', anyAnswer);
    expect(time.sleeps).toEqual(delays);
  });

  it('takes a per-call retry count, and caps each delay at 30 s', async () => {
    const { client, time } = createTestClient(server.url, { randomValue: 0.999 });
    server.script([unavailable]);
    await expect(client.get('/x', anyAnswer, { retries: 7 })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(8);
    expect(time.sleeps).toEqual([699, 1199, 2199, 4199, 8199, 16199, 30000]);
  });

  it('does not retry when the call asks for none', async () => {
    const { client, time } = createTestClient(server.url);
    server.script([unavailable, ok]);
    await expect(client.get('/x', anyAnswer, { retries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });
});

describe('429 Too Many Requests', () => {
  const retryAt = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

  it.each([
    ['Retry-After seconds', { 'retry-after': '5' }, [5000, 5000]],
    ['a Retry-After HTTP-date', { 'retry-after': 'Wed, 21 Oct 2015 07:28:07 GMT' }, [7000, 7000]],
    ['no Retry-After: at least 2 s', {}, [2000, 2000]],
    ['an unreadable Retry-After: at least 2 s', { 'retry-after': 'soon' }, [2000, 2000]],
    ['a Retry-After shorter than the backoff', { 'retry-after': '0' }, [600, 1100]],
  ])('waits for %s', async (_name, headers, delays) => {
    const { client, time } = createTestClient(server.url, { randomValue: 0.5, now: () => retryAt });
    server.script([{ status: 429, headers }, { status: 429, headers }, ok]);
    await expect(client.get('/x', anyAnswer)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(time.sleeps).toEqual(delays);
  });
});

describe('what is retried', () => {
  it.each([[408], [429], [500], [502], [503], [504]])('status %s', async (status) => {
    const { client } = createTestClient(server.url);
    server.script([{ status }, ok]);
    await expect(client.get('/x', anyAnswer)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it.each([[400], [403], [404], [409], [422]])('not status %s', async (status) => {
    const { client, time } = createTestClient(server.url);
    server.script([{ status }, ok]);
    await expect(client.get('/x', anyAnswer)).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('%s', async (method) => {
    const { client } = createTestClient(server.url);
    server.script([unavailable, { status: 204 }]);
    await client.request('/x', { method, answer: anyAnswer });
    expect(server.requests.map((r) => r.method)).toEqual([method, method]);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('never %s', async (method) => {
    const { client, time } = createTestClient(server.url);
    server.script([unavailable, ok]);
    await expect(client.request('/x', { method, body: { a: 1 }, answer: anyAnswer })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('a dropped connection, for GET', async () => {
    const { client, time } = createTestClient(server.url, { randomValue: 0 });
    server.script(['drop', 'drop', ok]);
    await expect(client.get('/x', anyAnswer)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(time.sleeps).toEqual([500, 1000]);
  });

  it('not a dropped connection, for POST', async () => {
    const { client } = createTestClient(server.url);
    server.script(['drop', ok]);
    await expect(client.post('/x', anyAnswer, { a: 1 })).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      isNetworkError: true,
    });
    await settle();
    expect(server.requests).toHaveLength(1);
  });

  it('a refused connection, for GET', async () => {
    const { client, time } = createTestClient(server.url, { randomValue: 0 });
    await server.close();
    await expect(client.get('/x', anyAnswer)).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      isNetworkError: true,
      isTimeout: false,
    });
    expect(time.sleeps).toEqual([500, 1000]);
    server = await startHttpTestServer();
  });
});
