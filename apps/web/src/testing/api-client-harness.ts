// Builds an API client for tests against a real local server, with time the test controls: sleeps
// resolve at once and are recorded, and time-outs fire only when the test says so.
import { vi } from 'vitest';
import { z } from 'zod';

import { type ApiClient, type ApiClientOptions, createApiClient } from '../lib/api-client';
import type { ForceLogoutReason, TokenSource } from '../lib/api-token';

/** For the tests of the transport (tokens, retries, time-outs): any answer passes. Product calls name a shared schema. */
export const anyAnswer = z.unknown();

export interface PendingTimeout {
  ms: number;
  fire: () => void;
  cancelled: boolean;
}

export interface TestTime {
  /** Every retry delay asked for, in order. */
  sleeps: number[];
  /** Every per-attempt time-out started, in order. */
  timeouts: PendingTimeout[];
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  scheduleTimeout: (ms: number, onTimeout: () => void) => () => void;
}

/** `random` returns `randomValue` every time, so every delay is exact. */
export function createTestTime(randomValue = 0): TestTime {
  const sleeps: number[] = [];
  const timeouts: PendingTimeout[] = [];
  return {
    sleeps,
    timeouts,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => randomValue,
    scheduleTimeout: (ms, onTimeout) => {
      const timeout: PendingTimeout = { ms, fire: onTimeout, cancelled: false };
      timeouts.push(timeout);
      return () => {
        timeout.cancelled = true;
      };
    },
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: Error) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets in-flight responses reach the client: local round trips take well under this. */
export function settle(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface TestClient {
  client: ApiClient;
  time: TestTime;
  getIdToken: ReturnType<typeof vi.fn<TokenSource['getIdToken']>>;
  onForceLogout: ReturnType<typeof vi.fn<(reason: ForceLogoutReason) => void>>;
}

/** A client for `baseUrl` whose token source answers 'token-1' unless the test replaces getIdToken's implementation. */
export function createTestClient(
  baseUrl: string,
  options: Partial<ApiClientOptions> & { randomValue?: number } = {},
): TestClient {
  const { randomValue, ...overrides } = options;
  const time = createTestTime(randomValue);
  const getIdToken = vi.fn<TokenSource['getIdToken']>(() => Promise.resolve('token-1'));
  const onForceLogout = vi.fn<(reason: ForceLogoutReason) => void>();
  const client = createApiClient({
    baseUrl,
    tokenSource: { getIdToken },
    onForceLogout,
    sleep: time.sleep,
    random: time.random,
    scheduleTimeout: time.scheduleTimeout,
    ...overrides,
  });
  return { client, time, getIdToken, onForceLogout };
}
