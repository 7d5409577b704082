// One call on the wire: each attempt under the 30 s time-out, and the retries of docs/product/rules-and-messages.md#constants.
import { API_TIMEOUT_MS } from '@questboard/shared/limits';
import { isRetryableMethod, isRetryableStatus, retryDelayMs } from '@questboard/shared/retry';

import { ApiError, apiErrorFromResponse, noResponseError } from './api-error';
import { parseBody } from './api-request';

/** Time, injectable so tests control it without waiting. */
export interface ApiTiming {
  /** Waits before a retry. */
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1), like Math.random: the retry jitter. */
  random: () => number;
  /** Epoch milliseconds, like Date.now: reads a Retry-After HTTP-date. */
  now: () => number;
  /** Starts the per-attempt time-out; returns a function that cancels it. */
  scheduleTimeout: (ms: number, onTimeout: () => void) => () => void;
}

export const realTiming: ApiTiming = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  now: () => Date.now(),
  scheduleTimeout: (ms, onTimeout) => {
    const id = setTimeout(onTimeout, ms);
    return () => {
      clearTimeout(id);
    };
  },
};

export interface WireRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  /** The caller's signal: cancels the call, which is then never retried. */
  signal: AbortSignal | undefined;
  /**
   * This request, already sent (the session restore by the page's head, public/session-restore.js;
   * a first page's call by the app's start, ApiClient.sendAhead): the first attempt waits for its
   * answer, under the same time-out, instead of sending it again. Retries send.
   */
  sent?: Promise<Response> | undefined;
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason as Error);
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/** The request on the wire, as every attempt sends it (and a call sent ahead, api-client.ts). */
export function sendOnce(request: Omit<WireRequest, 'sent'>, signal: AbortSignal | undefined = request.signal): Promise<Response> {
  return fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal });
}

/** One attempt; the time-out covers the whole answer, body included. */
async function attempt(request: WireRequest, timing: ApiTiming): Promise<unknown> {
  const { signal } = request;
  if (signal?.aborted) throw signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimeout = timing.scheduleTimeout(API_TIMEOUT_MS, () => {
    timedOut = true;
    controller.abort();
  });
  const onCallerAbort = () => {
    controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await (request.sent ? abortable(request.sent, controller.signal) : sendOnce(request, controller.signal));
    const data = parseBody(await response.text(), response.headers.get('content-type'));
    if (!response.ok) throw apiErrorFromResponse(response, data);
    return data;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted) throw signal.reason;
    throw noResponseError(error, timedOut);
  } finally {
    cancelTimeout();
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

function isRetryableFailure(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  return error.isNetworkError || (error.status !== undefined && isRetryableStatus(error.status));
}

/** Sends the request, retrying a safe method up to `retries` times after a retryable failure. */
export async function sendWithRetries(request: WireRequest, retries: number, timing: ApiTiming): Promise<unknown> {
  const canRetry = isRetryableMethod(request.method);
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(retry === 0 ? request : { ...request, sent: undefined }, timing);
    } catch (error) {
      if (!canRetry || retry >= retries || !isRetryableFailure(error)) throw error;
      const delay = retryDelayMs({
        attempt: retry,
        status: error.status,
        retryAfter: error.headers?.get('retry-after'),
        random: timing.random,
        now: timing.now,
      });
      await abortable(timing.sleep(delay), request.signal);
    }
  }
}
