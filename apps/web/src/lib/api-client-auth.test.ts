// docs/product/http-contract.md#core-calls: the ID token, refresh-on-401 with one refresh at a time, forced logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anyAnswer, createTestClient, deferred, settle, type TestClient } from '../testing/api-client-harness';
import { type HttpTestServer, type RecordedRequest, startHttpTestServer } from '../testing/http-test-server';
import { ApiError } from './api-error';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

const expired = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Token expired' } };

/** 401 for every token but `valid`; otherwise echoes the path. */
function acceptOnly(valid: string) {
  return (request: RecordedRequest) =>
    request.headers.authorization === `Bearer ${valid}` ? { body: { path: request.path } } : expired;
}

/** The token source answers 'old' until a forced refresh, which waits for the test. */
function refreshOnDemand({ getIdToken }: TestClient) {
  const refresh = deferred<string | null>();
  let token = 'old';
  getIdToken.mockImplementation(async (forceRefresh) => {
    if (!forceRefresh) return token;
    const next = await refresh.promise;
    if (next !== null) token = next;
    return next;
  });
  return refresh;
}

const tokensSent = (path: string) => server.requests.filter((r) => r.path === path).map((r) => r.headers.authorization);
const forcedRefreshes = ({ getIdToken }: TestClient) => getIdToken.mock.calls.filter(([force]) => force).length;

/** The refresh has started, and the other 401s have had time to reach the client and queue. */
async function untilRefreshing(test: TestClient) {
  await vi.waitFor(() => {
    expect(forcedRefreshes(test)).toBeGreaterThan(0);
  });
  await settle();
}

describe('refresh on 401', () => {
  it('refreshes the token once and retries the call with it', async () => {
    const test = createTestClient(server.url);
    test.getIdToken.mockImplementation((force) => Promise.resolve(force ? 'new' : 'old'));
    server.script(acceptOnly('new'));
    await expect(test.client.post('/core/orgs', anyAnswer, { name: 'Acme' })).resolves.toEqual({ path: '/core/orgs' });
    expect(tokensSent('/core/orgs')).toEqual(['Bearer old', 'Bearer new']);
    expect(forcedRefreshes(test)).toBe(1);
    expect(test.onForceLogout).not.toHaveBeenCalled();
  });

  it('queues concurrent calls behind one refresh, and calls started meanwhile', async () => {
    const test = createTestClient(server.url);
    const refresh = refreshOnDemand(test);
    server.script(acceptOnly('new'));
    const first = [test.client.get('/a', anyAnswer), test.client.post('/b', anyAnswer, {}), test.client.delete('/c', anyAnswer)];
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(3);
    });
    await untilRefreshing(test);
    const started = test.client.get('/d', anyAnswer);
    await settle();
    expect(forcedRefreshes(test)).toBe(1);
    expect(server.requests).toHaveLength(3); // /d waits for the refresh instead of sending 'old'

    refresh.resolve('new');
    await expect(Promise.all([...first, started])).resolves.toEqual(['/a', '/b', '/c', '/d'].map((path) => ({ path })));
    expect(forcedRefreshes(test)).toBe(1);
    for (const path of ['/a', '/b', '/c']) expect(tokensSent(path)).toEqual(['Bearer old', 'Bearer new']);
    expect(tokensSent('/d')).toEqual(['Bearer new']);
    expect(test.onForceLogout).not.toHaveBeenCalled();
  });

  it.each([
    ['throws', (refresh: ReturnType<typeof refreshOnDemand>) => refresh.reject(new Error('identity service down'))],
    ['finds nobody signed in', (refresh: ReturnType<typeof refreshOnDemand>) => refresh.resolve(null)],
  ])('fails every queued call and forces logout once when the refresh %s', async (_name, failRefresh) => {
    const test = createTestClient(server.url);
    const refresh = refreshOnDemand(test);
    server.script(acceptOnly('new'));
    const first = [test.client.get('/a', anyAnswer), test.client.get('/b', anyAnswer), test.client.put('/c', anyAnswer, {})].map((p) =>
      p.catch((e: unknown) => e),
    );
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(3);
    });
    await untilRefreshing(test);
    const started = test.client.get('/d', anyAnswer).catch((e: unknown) => e);
    failRefresh(refresh);
    const errors = await Promise.all([...first, started]);
    for (const error of errors) expect(error).toMatchObject({ status: 401 });
    expect(errors[0]).toMatchObject({ message: 'Token expired', code: 'UNAUTHENTICATED' }); // keeps its own answer
    expect(errors[3]).toBeInstanceOf(ApiError);
    expect(test.onForceLogout).toHaveBeenCalledExactlyOnceWith('token-refresh-failed');
    expect(forcedRefreshes(test)).toBe(1);
    await settle();
    expect(server.requests).toHaveLength(3);
  });

  it('returns a second 401 after a successful refresh as the error', async () => {
    const test = createTestClient(server.url);
    test.getIdToken.mockImplementation((force) => Promise.resolve(force ? 'new' : 'old'));
    server.script([
      expired,
      { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Account disabled' } },
      { body: {} },
    ]);
    await expect(test.client.get('/x', anyAnswer)).rejects.toMatchObject({ status: 401, message: 'Account disabled' });
    expect(server.requests).toHaveLength(2);
    expect(forcedRefreshes(test)).toBe(1);
    expect(test.onForceLogout).not.toHaveBeenCalled();
  });

  it('retries with the current token, without a second refresh, a 401 that predates the last refresh', async () => {
    const test = createTestClient(server.url);
    test.getIdToken.mockImplementation((force) => Promise.resolve(force ? 'new' : 'old'));
    const slowAnswer = deferred<undefined>();
    server.script(async (request) => {
      if (request.path === '/slow' && request.headers.authorization === 'Bearer old') await slowAnswer.promise;
      return acceptOnly('new')(request);
    });
    const slow = test.client.get('/slow', anyAnswer);
    await expect(test.client.get('/fast', anyAnswer)).resolves.toEqual({ path: '/fast' });
    // The refresh is done (the token source now answers 'new'); /slow's 401 for 'old' arrives late.
    test.getIdToken.mockImplementation((force) => Promise.resolve(force ? 'newer' : 'new'));
    slowAnswer.resolve(undefined);
    await expect(slow).resolves.toEqual({ path: '/slow' });
    expect(tokensSent('/slow')).toEqual(['Bearer old', 'Bearer new']);
    expect(forcedRefreshes(test)).toBe(1);
  });
});

describe('forced logout', () => {
  it('happens at once on a 401 for account registration, without a refresh', async () => {
    const test = createTestClient(server.url);
    server.script([expired, { body: {} }]);
    const call = test.client.post('/core/accounts/register', anyAnswer, undefined, { forceLogoutOn401: true });
    await expect(call).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(test.onForceLogout).toHaveBeenCalledExactlyOnceWith('unauthorized');
    expect(forcedRefreshes(test)).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('happens when nobody is signed in, and nothing is sent', async () => {
    const test = createTestClient(server.url);
    test.getIdToken.mockResolvedValue(null);
    const error = await test.client.get('/core/orgs/info', anyAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(test.onForceLogout).toHaveBeenCalledExactlyOnceWith('no-signed-in-user');
    expect(server.requests).toHaveLength(0);
  });

  it('never happens on a public call', async () => {
    const test = createTestClient(server.url);
    test.getIdToken.mockResolvedValue(null);
    server.script([expired]);
    await expect(test.client.get('/public', anyAnswer, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(test.onForceLogout).not.toHaveBeenCalled();
    expect(test.getIdToken).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });
});
