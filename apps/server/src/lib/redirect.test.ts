import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  const appUrl = 'https://app.com';
  it.each([
    ['/', '/'],
    ['/project/space-miner/overview?range=7d#top', '/project/space-miner/overview?range=7d#top'],
    ['/access/abc', '/access/abc'],
    [undefined, null],
    ['', null],
    ['https://evil.com', null],
    ['//evil.com', null],
    ['/\\evil.com', null],
    ['app.com.evil.com', null],
    ['https://app.com.evil.com/', null],
    ['evil.com\\@app.com', null],
    ['javascript:alert(1)', null],
    ['/\tjavascript:alert(1)', null],
    ['http://app.com/', null],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('%s -> %s', (target, expected) => {
    expect(safeRedirectPath(target, appUrl)).toBe(expected);
  });
});
