import { isApiError } from '../../lib/api-error';
import { COMPLETE_FAILED_MESSAGE, COMPLETE_MANUAL_FAILED_MESSAGE } from '../../lib/session/messages';

/**
 * What a sign-in screen says when a call failed: our server's own message (its errors carry a
 * stable `code` and a message written for people: an invalid address, too many attempts, Google
 * not configured), else the screen's fixed text (docs/product/rules-and-messages.md#errors) for crashes, proxies and the network.
 */
export function signInErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code !== undefined && error.code !== 'INTERNAL_ERROR' && error.message) return error.message;
  return fallback;
}

/**
 * /auth/callback's failure text. docs/product/rules-and-messages.md#errors gives typed-in addresses their own text; the server
 * answers a wrong address with the same INVALID_SIGN_IN_LINK as a bad link (docs/product/security-cases.md case 4), so
 * after a typed address that answer means "check the address" (issue 21).
 */
export function completeSignInErrorMessage(error: unknown, manual: boolean): string {
  if (!manual) return signInErrorMessage(error, COMPLETE_FAILED_MESSAGE);
  if (isApiError(error) && error.code === 'INVALID_SIGN_IN_LINK') return COMPLETE_MANUAL_FAILED_MESSAGE;
  return signInErrorMessage(error, COMPLETE_MANUAL_FAILED_MESSAGE);
}
