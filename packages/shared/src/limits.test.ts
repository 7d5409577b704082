import { describe, expect, it } from 'vitest';
import * as limits from './limits';

// Pins every value to docs/product/rules-and-messages.md (validation, constants), so a changed number is a deliberate, reviewed change.
describe('limits', () => {
  it.each<[keyof typeof limits, number | string]>([
    ['NAME_MIN', 2],
    ['NAME_MAX', 50],
    ['TITLE_MIN', 2],
    ['TITLE_MAX', 100],
    ['DESCRIPTION_MIN', 150],
    ['DESCRIPTION_MAX', 2000],
    ['DEFAULT_PAGE', 0],
    ['DEFAULT_PAGE_SIZE', 10],
    ['DEFAULT_SORT', 'name,asc'],
    ['FETCH_ALL_PAGE_SIZE', 100],
    ['MAX_PAGE_SIZE', 100],
    ['API_TIMEOUT_MS', 30_000],
    ['RETRY_COUNT', 2],
    ['RETRY_BASE_DELAY_MS', 500],
    ['RETRY_JITTER_MS', 200],
    ['RETRY_MAX_DELAY_MS', 30_000],
    ['RETRY_AFTER_FALLBACK_MS', 2000],
    ['CACHE_TTL_MS', 86_400_000],
    ['TOAST_DURATION_MS', 5000],
    ['TOAST_ERROR_DURATION_MS', 8000],
    ['TOAST_DEDUPE_MS', 5000],
    ['TOAST_AUTH_DEDUPE_MS', 10_000],
    ['LINK_SENT_TOAST_DURATION_MS', 8000],
    ['SIGN_IN_LINK_TTL_MS', 3_600_000],
    ['AUTH_VALIDATION_DELAY_MS', 1500],
    ['EMAIL_LINK_DELAY_MS', 100],
    ['CHUNK_LOAD_TIMEOUT_MS', 120_000],
  ])('%s = %s', (name, value) => {
    expect(limits[name]).toBe(value);
  });

  it('exports nothing unpinned', () => {
    expect(Object.keys(limits)).toHaveLength(27);
  });
});
