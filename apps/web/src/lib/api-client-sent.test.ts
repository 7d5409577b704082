// A call already sent, by the page's head (public/session-restore.js) or by the app's start
// (sendAhead, a first page's calls; issue 20, ADR 024): the client reads its answer as its own
// first attempt. Against a real local HTTP server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anyAnswer, createTestClient, deferred, settle } from '../testing/api-client-harness';
import { type HttpTestServer, startHttpTestServer } from '../testing/http-test-server';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { SENT_AHEAD_KEPT_MS } from './api-client';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

const sendAhead = (path: string, method = 'POST') => fetch(`${server.url}${path}`, { method, headers: { Accept: 'application/json' } });

describe('a request already sent', () => {
  it('is answered from the request sent, not sent again', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 200, body: { idToken: 't' } }]);
    const sent = sendAhead('/auth/v1/token');
    await expect(client.post('/auth/v1/token', anyAnswer, undefined, { auth: false, sent })).resolves.toEqual({ idToken: 't' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /auth/v1/token']);
  });

  it("turns the sent request's refusal into the same ApiError", async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' } }]);
    const call = client.post('/auth/v1/token', anyAnswer, undefined, { auth: false, sent: sendAhead('/auth/v1/token') });
    await expect(call).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' });
  });

  it('is under the 30 s time-out like any attempt', async () => {
    const { client, time } = createTestClient(server.url);
    server.script(['hang']);
    const call = client.post('/auth/v1/token', anyAnswer, undefined, { auth: false, sent: sendAhead('/auth/v1/token') }).catch((e: unknown) => e);
    await vi.waitFor(() => {
      expect(time.timeouts).toHaveLength(1);
      expect(server.requests).toHaveLength(1);
    });
    time.timeouts[0]!.fire();
    expect(await call).toMatchObject({ message: NETWORK_ERROR_MESSAGE, isTimeout: true });
    // A POST is attempted once: nothing else was sent.
    expect(server.requests).toHaveLength(1);
  });

  it('is the first attempt only: a retry sends the request itself', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 503 }, { status: 200, body: { ok: true } }]);
    const sent = sendAhead('/core/status', 'GET');
    await expect(client.get('/core/status', anyAnswer, { auth: false, sent })).resolves.toEqual({ ok: true });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /core/status', 'GET /core/status']);
  });

  it('is not used by an authenticated call, which sends its own with the token', async () => {
    const { client } = createTestClient(server.url);
    const sent = sendAhead('/core/orgs/info', 'GET');
    await client.get('/core/orgs/info', anyAnswer, { sent });
    expect(server.requests).toHaveLength(2);
    expect(server.requests.filter((request) => request.headers.authorization === 'Bearer token-1')).toHaveLength(1);
  });
});

describe('a call sent ahead (ApiClient.sendAhead)', () => {
  const path = '/core/projects/p1/analytics/overview';
  const query = { from: '2026-11-01', to: '2026-11-28', granularity: 'day' };
  const calls = () => server.requests.map((request) => `${request.method} ${request.path} ${String(request.headers.authorization)}`);

  it('leaves at once with its token, and the first get of the same URL with that token reads its answer', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 200, body: { dau: 7 } }]);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    await expect(client.get(path, anyAnswer, { query })).resolves.toEqual({ dau: 7 });
    expect(calls()).toEqual([`GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-1`]);
  });

  it('is taken once: the next get sends its own', async () => {
    const { client } = createTestClient(server.url);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    await client.get(path, anyAnswer, { query });
    await client.get(path, anyAnswer, { query });
    expect(server.requests).toHaveLength(2);
  });

  it('is not read by a call with another token, another URL or another method', async () => {
    const { client, getIdToken } = createTestClient(server.url);
    client.sendAhead(path, query, Promise.resolve('token-0'));
    client.sendAhead(path, { ...query, granularity: 'week' }, Promise.resolve('token-1'));
    await client.get(path, anyAnswer, { query });
    await client.post(path, anyAnswer, undefined, { query: { ...query, granularity: 'week' } });
    expect(getIdToken).toHaveBeenCalled();
    // The two sent ahead, then each call's own with the client's token.
    expect(calls().sort()).toEqual(
      [
        `GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-0`,
        `GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-1`,
        `GET ${path}?from=2026-11-01&to=2026-11-28&granularity=week Bearer token-1`,
        `POST ${path}?from=2026-11-01&to=2026-11-28&granularity=week Bearer token-1`,
      ].sort(),
    );
  });

  it(`is dropped when nobody takes it within ${SENT_AHEAD_KEPT_MS} ms`, async () => {
    const { client, time } = createTestClient(server.url);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    const kept = time.timeouts.find((timeout) => timeout.ms === SENT_AHEAD_KEPT_MS);
    expect(kept).toBeDefined();
    kept!.fire();
    await client.get(path, anyAnswer, { query });
    expect(server.requests).toHaveLength(2);
  });

  it("turns its refusal into the call's own: a 401 refreshes the token and asks again once", async () => {
    const { client, getIdToken } = createTestClient(server.url);
    server.script([{ status: 401, body: { code: 'UNAUTHORIZED', message: 'Signed out' } }, { status: 200, body: { dau: 8 } }]);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    getIdToken.mockImplementation((forceRefresh) => Promise.resolve(forceRefresh ? 'token-2' : 'token-1'));
    await expect(client.get(path, anyAnswer, { query })).resolves.toEqual({ dau: 8 });
    expect(calls()).toEqual([
      `GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-1`,
      `GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-2`,
    ]);
  });

  it('is taken over by a get that started before its token was there', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 200, body: { dau: 9 } }]);
    const token = deferred<string | null>();
    client.sendAhead(path, query, token.promise);
    const call = client.get(path, anyAnswer, { query });
    await settle(20);
    expect(server.requests).toHaveLength(0);
    token.resolve('token-1');
    await expect(call).resolves.toEqual({ dau: 9 });
    expect(calls()).toEqual([`GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-1`]);
  });

  it('sends nothing without a token, and the get sends its own', async () => {
    const { client } = createTestClient(server.url);
    client.sendAhead(path, query, Promise.resolve(null));
    await settle(20);
    expect(server.requests).toHaveLength(0);
    await client.get(path, anyAnswer, { query });
    expect(calls()).toEqual([`GET ${path}?from=2026-11-01&to=2026-11-28&granularity=day Bearer token-1`]);
  });

  it("treats its lost connection as the first attempt's: the get retries with its own", async () => {
    const { client, time } = createTestClient(server.url);
    server.script(['drop', { status: 200, body: { dau: 10 } }]);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    await expect(client.get(path, anyAnswer, { query })).resolves.toEqual({ dau: 10 });
    expect(server.requests).toHaveLength(2);
    expect(time.sleeps).toHaveLength(1);
  });

  it('sends one call for the same URL sent ahead twice', async () => {
    const { client } = createTestClient(server.url);
    client.sendAhead(path, query, Promise.resolve('token-1'));
    client.sendAhead(path, query, Promise.resolve('token-1'));
    await client.get(path, anyAnswer, { query });
    expect(server.requests).toHaveLength(1);
  });
});
