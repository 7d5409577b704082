// Ingestion's rate limits (docs/product/rules-and-messages.md#ingestion-limits). They stop abuse and
// runaway loops, never a game: every player of a game shares its key, so the per-key figure sits
// above what one machine can serve.

/** Requests a second with one ingestion key. */
export const INGEST_REQUESTS_PER_KEY_PER_SECOND = 20_000;
/** Requests a second from one client address (an IPv6 /64 counts as one); loopback is not limited. */
export const INGEST_REQUESTS_PER_ADDRESS_PER_SECOND = 1_000;
/** Accepted events a minute into one project: about 100,000 a second, above one machine's ingestion. */
export const INGEST_EVENTS_PER_PROJECT_PER_MINUTE = 6_000_000;

export const ingestLimitMessages = {
  perKey: 'Too many requests for this ingestion key. Retry after the time in Retry-After.',
  perAddress: 'Too many requests from this address. Retry after the time in Retry-After.',
  perProject: (limit: number) => `This project received more than ${limit.toLocaleString('en')} events in a minute. Retry after the time in Retry-After.`,
} as const;
