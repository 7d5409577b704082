import { describe, expect, it } from 'vitest';

import { sharesExceedTotal } from './breakdown-shares';

describe('sharesExceedTotal', () => {
  it.each([
    ['no rows', [], 10, false],
    ['shares adding up to 100%', [{ users: 6 }, { users: 4 }], 10, false],
    ['the top rows only, under 100%', [{ users: 6 }], 10, false],
    ['a player counted under two versions', [{ users: 6 }, { users: 5 }], 10, true],
    ['no active users', [{ users: 1 }], 0, false],
  ])('%s', (_case, rows, activeUsers, expected) => expect(sharesExceedTotal(rows, activeUsers)).toBe(expected));
});
