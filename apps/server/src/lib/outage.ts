// Issue 21, ADR 012: a stopped or frozen database and a full disk are outages, not bugs. The error
// handler answers them with 503 and Retry-After instead of a 500, so clients (the web app, the SDK)
// retry, and nothing is half-written: every write that failed was rolled back or never started.

export type Outage = 'database' | 'storage';

/** Seconds a client should wait before retrying during an outage. */
export const outageRetryAfterSeconds = 5;

export const outageMessages: Record<Outage, string> = {
  database: 'The database is not answering right now. Nothing was changed; please try again in a few seconds.',
  storage: "The server's disk is full, so nothing could be stored. Nothing was changed; please try again later.",
};

// Socket errors node-postgres reports when the server is gone or unreachable.
const connectionErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE classes and codes: 08 connection exception, 57P01–57P03 shutdown and start-up,
// 57014 a statement cancelled by statement_timeout (the server is too slow to answer), 53 out of resources.
const databaseStates = /^(08...|57P0[1-3]|57014|53[0-9A-Z]{3})$/;
// node-postgres' own words for its time-outs and for a connection that went away mid-query.
const databaseMessages =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly/i;
const storageErrnos = new Set(['ENOSPC', 'EDQUOT']);
const storageMessages = /No space left on device|Disk quota exceeded|could not extend file|disk full/i;

/** A marker an underlying store throws to say it cannot write (its disk is full). */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(outageMessages.storage, options);
    this.name = 'StorageFullError';
  }
}

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; name?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Which outage the error is, if it is one. */
export function outageOf(error: unknown): Outage | undefined {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (link instanceof StorageFullError || storageErrnos.has(code) || storageMessages.test(message) || code === '53100') return 'storage';
    if (connectionErrnos.has(code) || databaseStates.test(code) || databaseMessages.test(message)) return 'database';
  }
  return undefined;
}
