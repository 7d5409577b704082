// docs/product/rules-and-messages.md (validation, constants): the product's numbers, declared once for the web app and the server.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** First and last name length, in characters (UTF-16 code units, as the browser's `maxlength` counts). */
export const NAME_MIN = 2;
export const NAME_MAX = 50;
/** Organisation and project name length. */
export const TITLE_MIN = 2;
export const TITLE_MAX = 100;
/** Project description length. */
export const DESCRIPTION_MIN = 150;
export const DESCRIPTION_MAX = 2000;

/** Paging: pages are 0-based; sort is `field,direction`. */
export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SORT = 'name,asc';
/** Page size used when a screen fetches every project at once. */
export const FETCH_ALL_PAGE_SIZE = 100;
/** The largest page size the server accepts. */
export const MAX_PAGE_SIZE = 100;

/** HTTP client. */
export const API_TIMEOUT_MS = 30 * SECOND_MS;
export const RETRY_COUNT = 2;
export const RETRY_BASE_DELAY_MS = 500;
export const RETRY_JITTER_MS = 200;
export const RETRY_MAX_DELAY_MS = 30 * SECOND_MS;
/** Least wait after a 429 that carries no usable Retry-After header. */
export const RETRY_AFTER_FALLBACK_MS = 2 * SECOND_MS;

/** Cached account and organisation data expire after this long. */
export const CACHE_TTL_MS = 24 * HOUR_MS;

/** Toasts. */
export const TOAST_DURATION_MS = 5 * SECOND_MS;
export const TOAST_ERROR_DURATION_MS = 8 * SECOND_MS;
/** The same toast is suppressed for this long… */
export const TOAST_DEDUPE_MS = 5 * SECOND_MS;
/** …or this long for sign-in, auth and e-mail-link messages. */
export const TOAST_AUTH_DEDUPE_MS = 10 * SECOND_MS;
export const LINK_SENT_TOAST_DURATION_MS = 8 * SECOND_MS;

/** Sign-in flow. */
export const SIGN_IN_LINK_TTL_MS = HOUR_MS;
export const AUTH_VALIDATION_DELAY_MS = 1500;
export const EMAIL_LINK_DELAY_MS = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND_MS;
