// The one HTTP client of the web app (STYLE.md rule 3): JSON, the bearer ID token, refresh-on-401,
// the time-out and the retries of docs/product/http-contract.md (core calls) and docs/product/rules-and-messages.md (constants). Components never call fetch.
import { RETRY_COUNT } from '@questboard/shared/limits';

import { isApiError } from './api-error';
import { type ApiTiming, realTiming, sendWithRetries } from './api-fetch';
import { type ApiQuery, buildHeaders, buildUrl } from './api-request';
import { type ForceLogoutHandler, type TokenSource, createTokenGate } from './api-token';

export interface ApiRequestOptions {
  /** GET unless given. */
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  query?: ApiQuery;
  /** false for public endpoints: no token, no refresh, no forced logout. */
  auth?: boolean;
  /** A 401 forces logout at once instead of refreshing the token (account registration). */
  forceLogoutOn401?: boolean;
  /** Retries after a retryable failure of a GET, HEAD or OPTIONS; RETRY_COUNT unless given. */
  retries?: number;
  /** Cancels the call; a cancelled call rejects with the signal's reason and is never retried. */
  signal?: AbortSignal;
}

export type ApiCallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/**
 * Answers resolve to the parsed JSON body (undefined when empty, text when not JSON), typed as the
 * caller says; failures reject with an ApiError (see api-error.ts).
 */
export interface ApiClient {
  request<T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: ApiCallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: ApiCallOptions): Promise<T>;
}

export interface ApiClientOptions extends Partial<ApiTiming> {
  /** '' (the default): the API is on the app's own origin. A function is read at every call. */
  baseUrl?: string | (() => string);
  tokenSource: TokenSource;
  onForceLogout: ForceLogoutHandler;
}

export function createApiClient({ baseUrl = '', tokenSource, onForceLogout, ...time }: ApiClientOptions): ApiClient {
  const timing: ApiTiming = {
    sleep: time.sleep ?? realTiming.sleep,
    random: time.random ?? realTiming.random,
    now: time.now ?? realTiming.now,
    scheduleTimeout: time.scheduleTimeout ?? realTiming.scheduleTimeout,
  };
  const tokens = createTokenGate(tokenSource, onForceLogout);

  async function request(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
    const { body, query, auth = true, forceLogoutOn401 = false, retries = RETRY_COUNT, signal } = options;
    const method = (options.method ?? 'GET').toUpperCase();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = buildUrl(typeof baseUrl === 'function' ? baseUrl() : baseUrl, path, query);
    const send = (token: string | null) =>
      sendWithRetries(
        { url, method, headers: buildHeaders(token, payload !== undefined), body: payload, signal },
        retries,
        timing,
      );

    if (!auth) return send(null);
    const issued = await tokens.current(signal);
    try {
      return await send(issued.token);
    } catch (error) {
      if (!isApiError(error, 401)) throw error;
      if (forceLogoutOn401) {
        onForceLogout('unauthorized');
        throw error;
      }
      let token: string;
      try {
        token = await tokens.renew(issued, signal);
      } catch (renewError) {
        // The call keeps its own 401 (the server's message) unless the caller cancelled it.
        throw signal?.aborted ? renewError : error;
      }
      // Once only: a second 401 with the new token is the answer.
      return send(token);
    }
  }

  const call = <T>(path: string, options?: ApiRequestOptions) => request(path, options) as Promise<T>;
  return {
    request: call,
    get: (path, options) => call(path, { ...options, method: 'GET' }),
    post: (path, body, options) => call(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => call(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => call(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => call(path, { ...options, method: 'DELETE' }),
  };
}

// The app's client. Until the identity issue calls setTokenSource, nobody is signed in: an
// authenticated call forces logout and rejects with a 401.
let tokenSource: TokenSource | null = null;
let forceLogoutHandler: ForceLogoutHandler | null = null;
// The app calls its own origin; component tests point the app's client at a local test server.
let appBaseUrl = '';

export function setApiBaseUrl(url: string): void {
  appBaseUrl = url;
}

export function setTokenSource(source: TokenSource | null): void {
  tokenSource = source;
}

export function setForceLogoutHandler(handler: ForceLogoutHandler | null): void {
  forceLogoutHandler = handler;
}

export const apiClient: ApiClient = createApiClient({
  baseUrl: () => appBaseUrl,
  tokenSource: { getIdToken: (forceRefresh) => tokenSource?.getIdToken(forceRefresh) ?? Promise.resolve(null) },
  onForceLogout: (reason) => forceLogoutHandler?.(reason),
});
