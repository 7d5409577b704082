/** An error meant for the client: its status, stable code and human message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.') {
  return new HttpError(429, 'RATE_LIMITED', message, { 'retry-after': String(retryAfterSeconds) });
}
