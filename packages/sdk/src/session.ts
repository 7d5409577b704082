import type { SessionState } from './types';

/**
 * The session an event at `now` belongs to: the current one, or a new one when there is none or the
 * player has been idle for `timeoutMs` or more. A clock set back keeps the current session.
 */
export function continueSession(
  current: SessionState | undefined,
  now: number,
  timeoutMs: number,
  newId: () => string,
): { session: SessionState; started: boolean } {
  if (current !== undefined && now - current.lastEventAt < timeoutMs) {
    return { session: { id: current.id, lastEventAt: now }, started: false };
  }
  return { session: { id: newId(), lastEventAt: now }, started: true };
}
