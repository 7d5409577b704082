import { API_TIMEOUT_MS } from '@questboard/shared/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { realTiming } from './api-fetch';
import { buildHeaders, buildUrl, parseBody } from './api-request';

describe('buildUrl', () => {
  it.each([
    ['same origin by default', '', '/core/orgs/info', undefined, '/core/orgs/info'],
    [
      'a configured base',
      'https://api.example.test',
      '/core/orgs/info',
      undefined,
      'https://api.example.test/core/orgs/info',
    ],
    [
      'a base with a trailing slash',
      'https://api.example.test/',
      '/core/x',
      undefined,
      'https://api.example.test/core/x',
    ],
    [
      'query values as strings',
      '',
      '/core/projects/all',
      { page: 0, size: 10, sort: 'name,asc' },
      '/core/projects/all?page=0&size=10&sort=name%2Casc',
    ],
    [
      'undefined values skipped',
      '',
      '/core/projects/search',
      { q: 'dragon quest', page: undefined, on: true },
      '/core/projects/search?q=dragon+quest&on=true',
    ],
    ['an empty query adds nothing', '', '/core/x', {}, '/core/x'],
    ['a path that already has a query', '', '/core/x?a=1', { b: false }, '/core/x?a=1&b=false'],
  ])('%s', (_name, base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });
});

describe('buildHeaders', () => {
  it.each([
    [
      'token and body',
      'abc',
      true,
      { accept: 'application/json', authorization: 'Bearer abc', 'content-type': 'application/json' },
    ],
    ['token, no body', 'abc', false, { accept: 'application/json', authorization: 'Bearer abc' }],
    ['no token (public call)', null, true, { accept: 'application/json', 'content-type': 'application/json' }],
  ])('%s', (_name, token, hasBody, expected) => {
    expect(Object.fromEntries(buildHeaders(token, hasBody))).toEqual(expected);
  });
});

describe('parseBody', () => {
  it.each([
    ['empty (204)', '', 'application/json', undefined],
    ['empty without a content type', '', null, undefined],
    ['JSON', '{"a":1}', 'application/json; charset=utf-8', { a: 1 }],
    ['problem+json', '{"a":1}', 'application/problem+json', { a: 1 }],
    ['JSON that does not parse stays text', '{oops', 'application/json', '{oops'],
    ['text', 'hello', 'text/plain', 'hello'],
    ['HTML', '<h1>Bad gateway</h1>', 'text/html', '<h1>Bad gateway</h1>'],
    ['no content type', '{"a":1}', null, '{"a":1}'],
  ])('%s', (_name, text, contentType, expected) => {
    expect(parseBody(text, contentType)).toEqual(expected);
  });
});

describe('realTiming', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires the time-out after its delay, and not once cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fired = vi.fn();
    realTiming.scheduleTimeout(API_TIMEOUT_MS, fired);
    const cancelled = vi.fn();
    realTiming.scheduleTimeout(API_TIMEOUT_MS, cancelled)();
    vi.advanceTimersByTime(API_TIMEOUT_MS - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('sleeps for the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = vi.fn();
    void realTiming.sleep(500).then(done);
    await vi.advanceTimersByTimeAsync(499);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('uses Math.random and Date.now', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    expect(realTiming.random()).toBe(0.25);
    expect(realTiming.now()).toBe(1234);
  });
});
