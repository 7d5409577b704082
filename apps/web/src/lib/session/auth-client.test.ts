import { afterEach, describe, expect, it } from 'vitest';

import { createApiClient } from '../api-client';
import { startHttpTestServer } from '../../testing/http-test-server';
import { createHttpAuthClient, hasSessionHint, parseSignInLink } from './auth-client';

const session = (uid: string) => ({
  idToken: `token-${uid}`,
  expiresIn: 900,
  user: { uid, email: `${uid}@studio.example`, displayName: null, photoURL: null, emailVerified: true },
});

describe('parseSignInLink and hasSessionHint', () => {
  it.each([
    ['http://x/auth/callback?apiKey=k&oobCode=c&mode=signIn&lang=en', true],
    ['http://x/auth/callback?apiKey=k&oobCode=c&mode=resetPassword', false],
    ['http://x/auth/callback?oobCode=c&mode=signIn', false],
    ['http://x/auth/callback?apiKey=k&mode=signIn', false],
    ['not a url', false],
  ])('%s is a sign-in link: %s', (url, expected) => expect(parseSignInLink(url) !== null).toBe(expected));

  it.each([
    ['qb_session=1', true],
    ['theme=x; qb_session=1', true],
    ['qb_session=0', false],
    ['xqb_session=1', false],
    ['', false],
  ])('%j has the hint: %s', (cookie, expected) => expect(hasSessionHint(cookie)).toBe(expected));
});

describe('createHttpAuthClient against a real local server', () => {
  let server: Awaited<ReturnType<typeof startHttpTestServer>> | undefined;
  afterEach(async () => server?.close());

  const clientFor = (url: string, cookie: string, takeSentRestore?: () => Promise<Response> | undefined) => {
    const api = createApiClient({ baseUrl: url, tokenSource: { getIdToken: () => Promise.resolve(null) }, onForceLogout: () => undefined });
    return createHttpAuthClient(api, () => undefined, Date.now, () => cookie, takeSentRestore);
  };

  it("takes over the session restore the page's head sent, once: the refresh cookie rotates on every use", async () => {
    server = await startHttpTestServer([
      { status: 200, body: session('u1') },
      { status: 200, body: { ...session('u1'), idToken: 'token-u1-renewed' } },
    ]);
    let sent: Promise<Response> | undefined = fetch(`${server.url}/auth/v1/token`, { method: 'POST', headers: { Accept: 'application/json' } });
    const take = () => {
      const taken = sent;
      sent = undefined;
      return taken;
    };
    const client = clientFor(server.url, 'qb_session=1', take);
    expect(await new Promise((resolve) => client.onAuthStateChanged(resolve))).toMatchObject({ uid: 'u1' });
    expect(await client.getIdToken()).toBe('token-u1');
    expect(server.requests).toHaveLength(1);
    // A later refresh sends its own request with the rotated cookie.
    expect(await client.getIdToken(true)).toBe('token-u1-renewed');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /auth/v1/token', 'POST /auth/v1/token']);
  });

  it("reads a refused head restore as signed out", async () => {
    server = await startHttpTestServer([{ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' } }]);
    const sent = fetch(`${server.url}/auth/v1/token`, { method: 'POST', headers: { Accept: 'application/json' } });
    const client = clientFor(server.url, 'qb_session=1', () => sent);
    expect(await new Promise((resolve) => client.onAuthStateChanged(resolve))).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('knows it is signed out without a request when there is no session hint', async () => {
    server = await startHttpTestServer([{ status: 200, body: session('u1') }]);
    const seen: unknown[] = [];
    clientFor(server.url, '').onAuthStateChanged((user) => seen.push(user));
    expect(seen).toEqual([null]);
    expect(server.requests).toHaveLength(0);
  });

  it('restores the session from the refresh cookie once, and reuses the token until it is due', async () => {
    server = await startHttpTestServer([{ status: 200, body: session('u1') }]);
    const client = clientFor(server.url, 'qb_session=1');
    const user = await new Promise((resolve) => client.onAuthStateChanged(resolve));
    expect(user).toMatchObject({ uid: 'u1' });
    expect(await client.getIdToken()).toBe('token-u1');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /auth/v1/token']);
  });

  it.each([
    [{ sent: true, devMailbox: '/dev/mailbox' }, '/dev/mailbox'],
    [{ sent: true }, null],
    // Only a path on this site becomes a link.
    [{ sent: true, devMailbox: '//evil.example/mailbox' }, null],
    [{ sent: true, devMailbox: 'javascript:alert(1)' }, null],
  ])('sending a link answered %j says the dev mailbox is %s', async (body, devMailbox) => {
    server = await startHttpTestServer([{ status: 200, body }]);
    expect(await clientFor(server.url, '').sendSignInLinkToEmail('ada@studio.example')).toEqual({ devMailbox });
  });

  it('treats a refused refresh as signed out', async () => {
    server = await startHttpTestServer([{ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' } }]);
    const client = clientFor(server.url, 'qb_session=1');
    expect(await new Promise((resolve) => client.onAuthStateChanged(resolve))).toBeNull();
    expect(await client.getIdToken(true)).toBeNull();
  });
});
