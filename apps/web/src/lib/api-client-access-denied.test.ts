// Issue 20: the browser's session caches (account, organisation, projects) seed the next load, so a
// call refused with 401 or 403 clears them: a removed member never sees the tenant's data again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anyAnswer, createTestClient } from '../testing/api-client-harness';
import { type HttpTestServer, startHttpTestServer } from '../testing/http-test-server';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

const refused = (status: number) => ({ status, body: { code: status === 403 ? 'FORBIDDEN' : 'UNAUTHENTICATED', message: 'No' } });

describe('onAccessDenied', () => {
  it.each([401, 403])('is told when an authenticated call ends in %i', async (status) => {
    const onAccessDenied = vi.fn();
    const test = createTestClient(server.url, { onAccessDenied });
    // A 401 is retried once with a refreshed token; the second 401 is the answer.
    server.script([refused(status), refused(status)]);
    await expect(test.client.get('/core/orgs/info', anyAnswer)).rejects.toMatchObject({ status });
    expect(onAccessDenied).toHaveBeenCalledOnce();
  });

  it('is not told when the refreshed token is accepted, nor on other failures, nor on public calls', async () => {
    const onAccessDenied = vi.fn();
    const test = createTestClient(server.url, { onAccessDenied });
    server.script([refused(401), { body: {} }, { status: 404, body: { code: 'NOT_FOUND', message: 'None' } }, refused(403)]);
    await expect(test.client.get('/core/orgs/info', anyAnswer)).resolves.toEqual({});
    await expect(test.client.get('/core/projects/info', anyAnswer)).rejects.toMatchObject({ status: 404 });
    await expect(test.client.post('/auth/v1/token', anyAnswer, undefined, { auth: false })).rejects.toMatchObject({ status: 403 });
    expect(onAccessDenied).not.toHaveBeenCalled();
  });
});
