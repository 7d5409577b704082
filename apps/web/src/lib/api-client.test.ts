// Against a real local HTTP server. Runs in the web project's jsdom environment: fetch, Headers and
// AbortController there are Node's own (undici), and the setup file needs a window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anyAnswer, createTestClient, settle } from '../testing/api-client-harness';
import { type HttpTestServer, startHttpTestServer } from '../testing/http-test-server';
import { type ApiClient, apiClient, setApiBaseUrl, setForceLogoutHandler, setTokenSource } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

describe('requests', () => {
  it('sends JSON with the bearer ID token', async () => {
    const { client, getIdToken } = createTestClient(server.url);
    server.script([{ status: 201, body: { id: 'p1' } }]);
    await expect(client.post('/core/projects', anyAnswer, { name: 'Dragon Quest' })).resolves.toEqual({ id: 'p1' });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/core/projects', body: '{"name":"Dragon Quest"}' });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer token-1',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(getIdToken).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('sends no content type without a body, and the query', async () => {
    const { client } = createTestClient(server.url);
    await client.get('/core/projects/all', anyAnswer, { query: { page: 0, size: 10, sort: 'name,asc', q: undefined } });
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/core/projects/all?page=0&size=10&sort=name%2Casc',
      body: '',
    });
    expect(request!.headers['content-type']).toBeUndefined();
    expect(request!.headers.accept).toBe('application/json');
  });

  it.each([
    ['PUT', (c: ApiClient) => c.put('/x', anyAnswer, { a: 1 })],
    ['PATCH', (c: ApiClient) => c.patch('/x', anyAnswer, { a: 1 })],
    ['DELETE', (c: ApiClient) => c.delete('/x', anyAnswer)],
    ['HEAD', (c: ApiClient) => c.request('/x', { method: 'head', answer: anyAnswer })],
  ])('sends %s', async (method, send) => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 204 }]);
    await send(client);
    expect(server.requests.map((r) => r.method)).toEqual([method]);
  });

  it('sends no token on a public call, and never asks for one', async () => {
    const { client, getIdToken } = createTestClient(server.url);
    await client.get('/healthz', anyAnswer, { auth: false });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(getIdToken).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it.each([
    ['204 is undefined', { status: 204 }, undefined],
    ['an empty 200 is undefined', { status: 200, body: '' }, undefined],
    ['JSON is parsed', { status: 200, body: { name: 'Acme', isActive: true } }, { name: 'Acme', isActive: true }],
    ['text stays text', { status: 200, body: 'plain words', headers: { 'content-type': 'text/plain' } }, 'plain words'],
  ])('%s', async (_name, reply, expected) => {
    const { client } = createTestClient(server.url);
    server.script([reply]);
    await expect(client.get('/x', anyAnswer)).resolves.toEqual(expected);
  });
});

describe('error texts', () => {
  it("shows the body's message and keeps status, code and data", async () => {
    const { client } = createTestClient(server.url);
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Project name is required',
      issues: [{ path: 'name', message: 'x' }],
    };
    server.script([{ status: 400, body }]);
    const error = await client.post('/core/projects', anyAnswer, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Project name is required',
      status: 400,
      statusText: 'Bad Request',
      code: 'VALIDATION_FAILED',
      data: body,
      isNetworkError: false,
    });
  });

  it('shows the status text when the body has no message', async () => {
    const { client } = createTestClient(server.url);
    server.script([
      { status: 404, statusText: 'Nothing Here', body: '<h1>404</h1>', headers: { 'content-type': 'text/html' } },
    ]);
    await expect(client.get('/x', anyAnswer)).rejects.toMatchObject({
      message: 'Nothing Here',
      status: 404,
      data: '<h1>404</h1>',
    });
  });

  it('shows the generic fallback without a message or a status text', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 418, statusText: '' }]);
    await expect(client.get('/x', anyAnswer)).rejects.toMatchObject({ message: 'An unexpected error occurred.', status: 418 });
  });

  it('shows the network message when no response came', async () => {
    const { client } = createTestClient(server.url);
    server.script(['drop']);
    await expect(client.post('/x', anyAnswer)).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      isNetworkError: true,
      isTimeout: false,
      status: undefined,
    });
  });
});

describe('time-out', () => {
  it('gives each GET attempt 30 s, then retries it twice', async () => {
    const { client, time } = createTestClient(server.url);
    server.script(['hang']);
    const call = client.get('/core/orgs/info', anyAnswer).catch((e: unknown) => e);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await vi.waitFor(() => {
        expect(server.requests).toHaveLength(attempt);
      });
      time.timeouts[attempt - 1]!.fire();
    }
    expect(await call).toMatchObject({ message: NETWORK_ERROR_MESSAGE, isTimeout: true, isNetworkError: true });
    expect(server.requests).toHaveLength(3);
    // 30 s per attempt (docs/product/rules-and-messages.md#constants).
    expect(time.timeouts.map((t) => t.ms)).toEqual([30_000, 30_000, 30_000]);
    expect(time.sleeps).toHaveLength(2);
  });

  it('attempts a POST once', async () => {
    const { client, time } = createTestClient(server.url);
    server.script(['hang']);
    const call = client.post('/core/orgs', anyAnswer, { name: 'Acme' }).catch((e: unknown) => e);
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    time.timeouts[0]!.fire();
    expect(await call).toMatchObject({ message: NETWORK_ERROR_MESSAGE, isTimeout: true });
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(time.timeouts).toHaveLength(1);
  });

  it('is cancelled once the answer is read', async () => {
    const { client, time } = createTestClient(server.url);
    await client.get('/x', anyAnswer);
    expect(time.timeouts).toEqual([expect.objectContaining({ ms: 30_000, cancelled: true })]);
  });
});

describe("the caller's signal", () => {
  it('cancels a call in flight, which is not retried', async () => {
    const { client, time } = createTestClient(server.url);
    server.script(['hang']);
    const controller = new AbortController();
    const call = client.get('/x', anyAnswer, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    controller.abort();
    const error = await call;
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(ApiError);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('cancels a call waiting to retry', async () => {
    const sleeps: number[] = [];
    const { client } = createTestClient(server.url, { sleep: (ms) => new Promise<void>(() => sleeps.push(ms)) });
    server.script([{ status: 503 }]);
    const controller = new AbortController();
    const call = client.get('/x', anyAnswer, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => {
      expect(sleeps).toHaveLength(1);
    });
    controller.abort(new Error('left the page'));
    expect(await call).toMatchObject({ message: 'left the page' });
    expect(server.requests).toHaveLength(1);
  });

  it('sends nothing when already cancelled', async () => {
    const { client } = createTestClient(server.url);
    await expect(client.get('/x', anyAnswer, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('the app client', () => {
  afterEach(() => {
    setTokenSource(null);
    setForceLogoutHandler(null);
    setApiBaseUrl('');
  });

  it('calls the base URL set for it (component tests point it at a local server)', async () => {
    setApiBaseUrl(server.url);
    setTokenSource({ getIdToken: () => Promise.resolve('token-9') });
    server.script([{ body: { name: 'Acme' } }]);
    await expect(apiClient.get('/core/orgs/info', anyAnswer)).resolves.toEqual({ name: 'Acme' });
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/core/orgs/info' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer token-9');
  });

  it('without a token source, treats an authenticated call as no signed-in user', async () => {
    const forceLogout = vi.fn();
    setForceLogoutHandler(forceLogout);
    await expect(apiClient.get('/core/orgs/info', anyAnswer)).rejects.toMatchObject({ status: 401 });
    expect(forceLogout).toHaveBeenCalledExactlyOnceWith('no-signed-in-user');
  });

  it('asks the token source set by the identity layer', async () => {
    const getIdToken = vi.fn(() => Promise.resolve(null));
    setTokenSource({ getIdToken });
    await expect(apiClient.get('/core/orgs/info', anyAnswer)).rejects.toMatchObject({ status: 401 });
    expect(getIdToken).toHaveBeenCalledExactlyOnceWith(false);
  });
});
