// A call the page's head already sent (public/session-restore.js, issue 20): the client reads its
// answer as its own first attempt. Against a real local HTTP server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anyAnswer, createTestClient } from '../testing/api-client-harness';
import { type HttpTestServer, startHttpTestServer } from '../testing/http-test-server';
import { NETWORK_ERROR_MESSAGE } from './api-error';

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
