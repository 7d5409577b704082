// When to try again after a failed delivery. Pure, so the table in backoff.test.ts pins it down.

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * "Full jitter": a uniform wait in [0, min(5 min, 1 s × 2^attempt)). Spreading retries over the whole
 * range keeps a fleet of games that lost the server at the same moment from coming back in step.
 * `attempt` is 0 for the first retry; `random` returns a number in [0, 1), like Math.random.
 */
export function backoffDelayMs(attempt: number, random: () => number): number {
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 0;
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** exponent);
  const sample = random();
  return Math.floor(ceiling * (sample >= 0 && sample < 1 ? sample : 0.5));
}

/**
 * The wait a Retry-After header asks for, in milliseconds: delay-seconds ("120") or an HTTP-date
 * (until then; 0 once passed). Undefined when absent or unreadable, so the caller backs off instead.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
