// docs/product/rules-and-messages.md#errors: the one error shape of the HTTP client, and the text the UI shows for an error.
import { unexpectedErrorMessage } from '@questboard/shared/error-codes';

/** Shown when no response came: the connection failed or the call timed out. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

export interface ApiErrorDetails {
  status?: number;
  statusText?: string;
  /** The body's machine `code`, when the server sent one. */
  code?: string;
  /** The parsed response body (JSON, or text when it was not JSON). */
  data?: unknown;
  /** The response's headers, when a response came (the retry loop reads Retry-After from them). */
  headers?: Headers;
  /** No response was received: a failed connection or a time-out. */
  isNetworkError?: boolean;
  /** No response was received within the time-out. */
  isTimeout?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  readonly code: string | undefined;
  readonly data: unknown;
  readonly headers: Headers | undefined;
  readonly isNetworkError: boolean;
  readonly isTimeout: boolean;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message === '' ? unexpectedErrorMessage : message, { cause: details.cause });
    this.status = details.status;
    this.statusText = details.statusText;
    this.code = details.code;
    this.data = details.data;
    this.headers = details.headers;
    this.isNetworkError = details.isNetworkError ?? false;
    this.isTimeout = details.isTimeout ?? false;
  }
}

/** True for an ApiError, and when `status` is given, only one with that status (e.g. 404). */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function stringField(data: unknown, field: 'code' | 'message'): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * An error response: the body's `message` (the server's `{ code, message }` shape, see
 * packages/shared/src/api-error.ts), else the status text, else the generic fallback.
 */
export function apiErrorFromResponse(
  response: Pick<Response, 'status' | 'statusText' | 'headers'>,
  data: unknown,
): ApiError {
  const message = stringField(data, 'message') ?? (response.statusText.trim() || unexpectedErrorMessage);
  return new ApiError(message, {
    status: response.status,
    statusText: response.statusText,
    code: stringField(data, 'code'),
    data,
    headers: response.headers,
  });
}

/** No response came: the connection failed (`cause`) or the time-out fired. */
export function noResponseError(cause: unknown, isTimeout: boolean): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE, { isNetworkError: true, isTimeout, cause });
}

/** The code of an answer that does not have its shared schema's shape (a server of another version). */
export const MALFORMED_ANSWER_CODE = 'malformed_answer';
/** Said for it: the page cannot show what came, and reloading usually brings matching code. */
export const MALFORMED_ANSWER_MESSAGE = 'The server sent an answer this page cannot read. Reload the page, or try again later.';

/** `call` ('GET /core/…') answered, but not in the shape its schema declares; `issues` says where. */
export function malformedAnswerError(call: string, issues: string): ApiError {
  return new ApiError(MALFORMED_ANSWER_MESSAGE, { code: MALFORMED_ANSWER_CODE, data: { call, issues } });
}

/** A 401 the client raises itself (no signed-in user, or the token refresh failed). */
export function unauthenticatedError(cause?: unknown): ApiError {
  return new ApiError('Unauthorized', { status: 401, statusText: 'Unauthorized', cause });
}

/**
 * The text to show for a failed call: the error's own message, else the caller's fallback (the
 * toasts of docs/product/rules-and-messages.md#errors, e.g. 'Failed to create organisation'), else the generic one.
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (fallback !== undefined && fallback.trim() !== '') return fallback;
  return unexpectedErrorMessage;
}
