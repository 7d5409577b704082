import { isApiError } from '../../lib/api-error';

/**
 * What a sign-in screen says when a call failed: our server's own message (its errors carry a
 * stable `code` and a message written for people: an invalid address, too many attempts, Google
 * not configured), else the screen's fixed text (SPEC.md 8) for crashes, proxies and the network.
 */
export function signInErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code !== undefined && error.code !== 'INTERNAL_ERROR' && error.message) return error.message;
  return fallback;
}
