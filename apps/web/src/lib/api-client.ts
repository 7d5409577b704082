// The one HTTP client of the web app (STYLE.md rule 3): JSON, the bearer ID token, refresh-on-401,
// the time-out and the retries of docs/product/http-contract.md (core calls) and docs/product/rules-and-messages.md (constants). Components never call fetch.
// Every call names the shared schema of its answer (ADR 017): what resolves has that shape, or the
// call rejects with a malformed_answer ApiError, so a chart never meets a shape it does not know.
import { type AnswerOf, type AnswerSchema, type LazyAnswerSchema, checkAnswer } from '@questboard/shared/api-answer';
import { RETRY_COUNT } from '@questboard/shared/limits';

import { isApiError, malformedAnswerError } from './api-error';
import { type ApiTiming, realTiming, sendOnce, sendWithRetries } from './api-fetch';
import { logMalformedAnswer } from './api-log';
import { clearSessionCaches } from './session/account-cache';
import { type ApiQuery, buildHeaders, buildUrl } from './api-request';
import { type ForceLogoutHandler, type TokenSource, createTokenGate } from './api-token';

export interface ApiCallOptions {
  query?: ApiQuery;
  /** false for public endpoints: no token, no refresh, no forced logout. */
  auth?: boolean;
  /** A 401 forces logout at once instead of refreshing the token (account registration). */
  forceLogoutOn401?: boolean;
  /** Retries after a retryable failure of a GET, HEAD or OPTIONS; RETRY_COUNT unless given. */
  retries?: number;
  /** Cancels the call; a cancelled call rejects with the signal's reason and is never retried. */
  signal?: AbortSignal;
  /** The same request, already sent by the page's head (see WireRequest.sent); only with `auth: false`. */
  sent?: Promise<Response>;
}

export interface ApiRequestOptions<S extends AnswerSchema> extends ApiCallOptions {
  /** GET unless given. */
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The shared schema the answer must have (or its lazy import); noAnswerSchema for a 204. */
  answer: Answer<S>;
}

/** A schema, or a function importing it on first use (the sign-in path's calls, see api-answer.ts). */
export type Answer<S extends AnswerSchema> = S | LazyAnswerSchema<S>;

/**
 * Each call takes the schema of its answer (noAnswerSchema when there is none) and resolves to its
 * output type; failures reject with an ApiError (see api-error.ts), a malformed answer included.
 */
export interface ApiClient {
  request<S extends AnswerSchema>(path: string, options: ApiRequestOptions<S>): Promise<AnswerOf<S>>;
  get<S extends AnswerSchema>(path: string, answer: Answer<S>, options?: ApiCallOptions): Promise<AnswerOf<S>>;
  post<S extends AnswerSchema>(path: string, answer: Answer<S>, body?: unknown, options?: ApiCallOptions): Promise<AnswerOf<S>>;
  put<S extends AnswerSchema>(path: string, answer: Answer<S>, body?: unknown, options?: ApiCallOptions): Promise<AnswerOf<S>>;
  patch<S extends AnswerSchema>(path: string, answer: Answer<S>, body?: unknown, options?: ApiCallOptions): Promise<AnswerOf<S>>;
  delete<S extends AnswerSchema>(path: string, answer: Answer<S>, options?: ApiCallOptions): Promise<AnswerOf<S>>;
  /**
   * Sends an authenticated GET as soon as `token` is there, before the code that asks for it has
   * loaded (a returning visitor's first page, ADR 024): the first `get` of the same URL within
   * SENT_AHEAD_KEPT_MS reads this answer as its first attempt if it was sent with that call's token,
   * and sends its own otherwise (no token: nothing is sent ahead). Not taken by then, it is dropped.
   * Registered at once, so a `get` that starts before the token is there still finds it.
   */
  sendAhead(path: string, query: ApiQuery, token: Promise<string | null>): void;
}

/** How long a call sent ahead waits to be taken over by the page's own call. */
export const SENT_AHEAD_KEPT_MS = 10_000;

export interface ApiClientOptions extends Partial<ApiTiming> {
  /** '' (the default): the API is on the app's own origin. A function is read at every call. */
  baseUrl?: string | (() => string);
  tokenSource: TokenSource;
  onForceLogout: ForceLogoutHandler;
  /** An authenticated call ended in a 401 or 403: what the browser remembers of the session may be stale. */
  onAccessDenied?: () => void;
}

export function createApiClient({ baseUrl = '', tokenSource, onForceLogout, onAccessDenied, ...time }: ApiClientOptions): ApiClient {
  const timing: ApiTiming = {
    sleep: time.sleep ?? realTiming.sleep,
    random: time.random ?? realTiming.random,
    now: time.now ?? realTiming.now,
    scheduleTimeout: time.scheduleTimeout ?? realTiming.scheduleTimeout,
  };
  const tokens = createTokenGate(tokenSource, onForceLogout);
  const urlOf = (path: string, query?: ApiQuery) => buildUrl(typeof baseUrl === 'function' ? baseUrl() : baseUrl, path, query);
  // Calls sent ahead by URL, each with the token it carries (once known); taken once.
  const sentAhead = new Map<string, { token: Promise<string | null>; sent: Promise<Response | null> }>();
  async function takeSentAhead(url: string, token: string): Promise<{ sent: Promise<Response> } | undefined> {
    const ahead = sentAhead.get(url);
    if (ahead === undefined) return undefined;
    sentAhead.delete(url);
    // Sent with this call's token: its answer (or its failure) is this call's first attempt's. Not
    // sent, or with another token (the session changed meanwhile): this call sends its own.
    if ((await ahead.token) === token) return { sent: ahead.sent.then((response) => response ?? Promise.reject(new Error('Not sent ahead'))) };
    discardAnswer(ahead.sent);
    return undefined;
  }

  async function send(path: string, method: string, options: Omit<ApiRequestOptions<AnswerSchema>, 'answer'>): Promise<unknown> {
    const { body, query, auth = true, forceLogoutOn401 = false, retries = RETRY_COUNT, signal, sent } = options;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = urlOf(path, query);
    const attempt = (token: string | null, alreadySent?: Promise<Response>) =>
      sendWithRetries(
        { url, method, headers: buildHeaders(token, payload !== undefined), body: payload, signal, sent: alreadySent },
        retries,
        timing,
      );

    if (!auth) return attempt(null, sent);
    const issued = await tokens.current(signal);
    try {
      const ahead = method === 'GET' ? await takeSentAhead(url, issued.token) : undefined;
      return await attempt(issued.token, ahead?.sent);
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
      return attempt(token);
    }
  }

  // The answer is read after the retries: a malformed one is not a passing fault, so never retried.
  async function request<S extends AnswerSchema>(path: string, { answer, ...options }: ApiRequestOptions<S>): Promise<AnswerOf<S>> {
    const method = (options.method ?? 'GET').toUpperCase();
    // A lazy schema loads while the request is on the wire; for a request already sent (the page's
    // head), once its answer has been read: evaluating the schema's module holds the main thread,
    // and the page's head reads the answer's token there first, for the first page's calls (ADR 024,
    // amendment 4).
    const load = typeof answer === 'function' ? answer : () => Promise.resolve(answer);
    const early = options.sent ? undefined : load();
    // Awaited below; until then a failed import must not be reported as unhandled.
    early?.catch(() => undefined);
    const data = await send(path, method, options).catch((error: unknown) => {
      if (options.auth !== false && (isApiError(error, 401) || isApiError(error, 403))) onAccessDenied?.();
      throw error;
    });
    const check = checkAnswer(await (early ?? load()), data);
    // checkAnswer reads S's output type through the structural AnswerSchema; it is AnswerOf<S>.
    if (check.ok) return check.answer as AnswerOf<S>;
    logMalformedAnswer(`${method} ${path}`, check.issues);
    throw malformedAnswerError(`${method} ${path}`, check.issues);
  }

  return {
    request,
    get: (path, answer, options) => request(path, { ...options, method: 'GET', answer }),
    post: (path, answer, body, options) => request(path, { ...options, method: 'POST', body, answer }),
    put: (path, answer, body, options) => request(path, { ...options, method: 'PUT', body, answer }),
    patch: (path, answer, body, options) => request(path, { ...options, method: 'PATCH', body, answer }),
    delete: (path, answer, options) => request(path, { ...options, method: 'DELETE', answer }),
    sendAhead(path, query, token) {
      const url = urlOf(path, query);
      if (sentAhead.has(url)) return;
      const sent = token.then((value) =>
        value === null ? null : sendOnce({ url, method: 'GET', headers: buildHeaders(value, false), body: undefined, signal: undefined }),
      );
      // Read by the call that takes it over; until then a failure is not an unhandled rejection.
      sent.catch(() => undefined);
      const ahead = { token: token.catch(() => null), sent };
      sentAhead.set(url, ahead);
      timing.scheduleTimeout(SENT_AHEAD_KEPT_MS, () => {
        if (sentAhead.get(url) !== ahead) return;
        sentAhead.delete(url);
        discardAnswer(ahead.sent);
      });
    },
  };
}

/** An answer nobody will read: its body is released. */
function discardAnswer(sent: Promise<Response | null>): void {
  sent.then((response) => response?.body?.cancel()).catch(() => undefined);
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
  // A revoked membership or a signed-out session: the next load must not start from this tenant's data.
  onAccessDenied: clearSessionCaches,
});
