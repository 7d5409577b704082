import { describe, expect, it } from 'vitest';
import { continueSession } from './session';

const timeout = 30 * 60_000;
const newId = () => 'new-session';

describe('continueSession', () => {
  it.each([
    { case: 'no session yet', current: undefined, now: 1000, id: 'new-session', started: true },
    {
      case: 'an event right after the last one',
      current: { id: 's1', lastEventAt: 1000 },
      now: 1001,
      id: 's1',
      started: false,
    },
    {
      case: 'idle a millisecond short of the timeout',
      current: { id: 's1', lastEventAt: 1000 },
      now: 1000 + timeout - 1,
      id: 's1',
      started: false,
    },
    {
      case: 'idle exactly the timeout',
      current: { id: 's1', lastEventAt: 1000 },
      now: 1000 + timeout,
      id: 'new-session',
      started: true,
    },
    { case: 'a clock set back', current: { id: 's1', lastEventAt: 50_000 }, now: 1000, id: 's1', started: false },
  ])('$case', ({ current, now, id, started }) => {
    expect(continueSession(current, now, timeout, newId)).toEqual({ session: { id, lastEventAt: now }, started });
  });
});
