import { describe, expect, it } from 'vitest';
import { isServerPath } from './product';

describe('isServerPath', () => {
  it.each([
    ['/healthz', true],
    ['/readyz', true],
    ['/api/openapi.json', true],
    ['/api', true],
    ['/core/projects/all', true],
    ['/auth/v1/token', true],
    ['/ingest/v1/batch', true],
    ['/dev/mailbox', true],
    ['/login', false],
    ['/auth/callback', false],
    ['/', false],
    ['/project/my-game/overview', false],
    ['/apinotreally', false],
    ['/healthz-not', false],
    ['/core-team', false],
  ])('%s -> %s', (path, expected) => {
    expect(isServerPath(path)).toBe(expected);
  });
});
