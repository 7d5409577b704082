import { apiPaths } from '@questboard/shared/api-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';

import script from '../../../public/session-restore.js?raw';
import { buildHeaders } from '../api-request';
import { takeHeadSessionRestore, takeHeadSessionToken } from './auth-instance';

// public/session-restore.js runs in the page's head, before the app, and cannot import it: prove it
// sends the session restore exactly as the auth client would, and only when there is a session.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the shipped file verbatim is the point
const runSessionRestore = new Function(script) as () => void;

const setCookie = (value: string) => {
  document.cookie = value;
};

afterEach(() => {
  setCookie('qb_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT');
  void takeHeadSessionRestore()?.catch(() => undefined);
  void takeHeadSessionToken();
  vi.unstubAllGlobals();
});

describe('public/session-restore.js', () => {
  it("sends the auth client's session restore when the session hint is there, and leaves it for the app to take once", () => {
    const answer = Promise.resolve(new Response('{}'));
    const fetch = vi.fn(() => answer);
    vi.stubGlobal('fetch', fetch);
    setCookie('qb_session=1');
    runSessionRestore();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(apiPaths.identity.token.url());
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    // The headers the HTTP client sends on a call without token or body.
    expect(new Headers(init.headers)).toEqual(buildHeaders(null, false));
    expect(init.body).toBeUndefined();
    expect(takeHeadSessionRestore()).toBe(answer);
    expect(takeHeadSessionRestore()).toBeUndefined();
  });

  it("reads the answer's ID token for the first page's calls, leaving the answer whole for the app", async () => {
    const body = JSON.stringify({ idToken: 'id-token-1', expiresIn: 900 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }))),
    );
    setCookie('qb_session=1');
    runSessionRestore();
    await expect(takeHeadSessionToken()).resolves.toBe('id-token-1');
    // Taken once.
    await expect(takeHeadSessionToken()).resolves.toBeNull();
    const answer = await takeHeadSessionRestore();
    await expect(answer!.text()).resolves.toBe(body);
  });

  it.each([
    ['a refusal', () => Promise.resolve(new Response('{"code":"SESSION_EXPIRED"}', { status: 401 }))],
    ['an answer without a token', () => Promise.resolve(new Response('{"expiresIn":900}'))],
    ['an answer that is not JSON', () => Promise.resolve(new Response('<html>'))],
    ['no answer', () => Promise.reject(new TypeError('offline'))],
  ])('gives no token for %s', async (_name, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    setCookie('qb_session=1');
    runSessionRestore();
    await expect(takeHeadSessionToken()).resolves.toBeNull();
  });

  it.each(['', 'qb_session=0', 'xqb_session=1'])('sends nothing with the cookie %j', async (cookie) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    if (cookie !== '') setCookie(cookie);
    runSessionRestore();
    expect(fetch).not.toHaveBeenCalled();
    expect(takeHeadSessionRestore()).toBeUndefined();
    await expect(takeHeadSessionToken()).resolves.toBeNull();
    setCookie(`${cookie.split('=')[0] ?? 'x'}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`);
  });

  it('never throws: a failing fetch leaves the restore to the app', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        throw new TypeError('blocked');
      }),
    );
    setCookie('qb_session=1');
    expect(runSessionRestore).not.toThrow();
    expect(takeHeadSessionRestore()).toBeUndefined();
  });
});
