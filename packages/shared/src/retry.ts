// docs/product/rules-and-messages.md#constants: when the web HTTP client retries, and how long it waits first.
import {
  RETRY_AFTER_FALLBACK_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_JITTER_MS,
  RETRY_MAX_DELAY_MS,
} from './limits';

const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Only methods that are safe to repeat: GET, HEAD, OPTIONS (any letter case). */
export function isRetryableMethod(method: string): boolean {
  return RETRYABLE_METHODS.has(method.toUpperCase());
}

/** Server errors (500 and up), 429 Too Many Requests and 408 Request Timeout. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

export interface RetryDelayInput {
  /** 0 for the first retry, 1 for the second… */
  attempt: number;
  /** The status of the failed response; absent after a network error or a time-out. */
  status?: number | undefined;
  /** The response's Retry-After header, as `Headers.get` returns it. */
  retryAfter?: string | null | undefined;
  /** Returns a number in [0, 1), like Math.random. */
  random?: () => number;
  /** Returns the current epoch milliseconds, like Date.now. */
  now?: () => number;
}

/**
 * 500 ms × 2^attempt plus a jitter in [0, 200) ms. After a 429, at least the Retry-After wait, or
 * 2 s when the header is missing or unreadable. Always capped at 30 s, Retry-After included: a server
 * asking for longer gets 30 s, and the caller's retry budget decides whether to go on.
 * Whole milliseconds.
 */
export function retryDelayMs({
  attempt,
  status,
  retryAfter,
  random = Math.random,
  now = Date.now,
}: RetryDelayInput): number {
  const retry = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt)) : 0;
  const sample = random();
  // A random source outside [0, 1) would push the jitter past its range; treat it as no jitter.
  const jitter = sample >= 0 && sample < 1 ? Math.floor(sample * RETRY_JITTER_MS) : 0;
  let delay = RETRY_BASE_DELAY_MS * 2 ** retry + jitter;
  if (status === 429) {
    delay = Math.max(delay, parseRetryAfterMs(retryAfter, now()) ?? RETRY_AFTER_FALLBACK_MS);
  }
  return Math.min(delay, RETRY_MAX_DELAY_MS);
}

// IMF-fixdate, the only HTTP-date form RFC 9110 lets servers send: 'Wed, 21 Oct 2015 07:28:00 GMT'.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/u;

/**
 * The wait a Retry-After header asks for, in milliseconds: delay-seconds ('120') or an HTTP-date
 * (until then; 0 when it has passed). null when absent or unreadable, including negative or
 * fractional seconds and the obsolete RFC 850 and asctime date forms.
 */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | null {
  const text = value?.trim();
  if (text === undefined || text === '') return null;
  if (/^\d+$/u.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
