import { describe, expect, it } from 'vitest';
import { describeStartFailure } from './start-failure';

// PGlite's file system throws these (emscripten's errno numbers), not Errors.
class ErrnoError {
  readonly name = 'ErrnoError';
  constructor(readonly errno: number) {}
}
const errnoError = (errno: number) => new ErrnoError(errno);

describe('describeStartFailure', () => {
  it.each<[string, unknown, string]>([
    ['a full disk in PGlite', errnoError(51), 'ENOSPC: no space left on device, in the embedded database under DATA_DIR /srv/data'],
    ['a read-only disk in PGlite', errnoError(69), 'EROFS: read-only file system, in the embedded database under DATA_DIR /srv/data'],
    ['an unknown PGlite errno', errnoError(99), 'file system error 99, in the embedded database under DATA_DIR /srv/data'],
    ["Node's own error", Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 'ENOSPC: no space left on device, write'],
    ['an error whose code is not in its message', Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }), 'connect failed (ECONNREFUSED)'],
    ['a message over several lines', new Error('first line\n  second line'), 'first line second line'],
    ['an object with a message', { message: 'went wrong' }, 'went wrong'],
    ['any other object', { reason: 42 }, '{"reason":42}'],
    ['a string', 'plain words', 'plain words'],
  ])('%s', (_label, error, expected) => {
    const line = describeStartFailure(error, '/srv/data');
    expect(line).toBe(expected);
    expect(line).not.toContain('[object Object]');
  });
});
