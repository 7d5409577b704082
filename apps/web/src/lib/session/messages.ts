// Texts of docs/product/rules-and-messages.md (validation, errors) shown by the sign-in screens, word for word.
import { EMAIL_REQUIRED_MESSAGE, type GoogleErrorCode } from '@questboard/shared/auth-messages';

export { EMAIL_REQUIRED_MESSAGE };
export const SEND_LINK_FAILED_MESSAGE = 'Failed to send sign-in link. Please try again.';
export const GOOGLE_SIGN_IN_FAILED_MESSAGE = 'Google sign-in failed. Please try again.';
export const COMPLETE_FAILED_MESSAGE = 'Failed to complete sign-in. Please try again.';
export const COMPLETE_MANUAL_FAILED_MESSAGE = 'Failed to complete sign-in. Please check your email address and try again.';
export const INVALID_LINK_MESSAGE = 'Invalid sign-in link. Please request a new one.';

export const linkSentMessage = (email: string) =>
  `Sign-in link sent to ${email}. Please check your email and click the link to sign in.`;
export const signedInWithLinkMessage = 'Successfully signed in with email link!';

/** What the login page says after the server sent it back from a failed Google sign-in. */
export const googleErrorMessages: Record<GoogleErrorCode, string> = {
  google_not_configured: 'Google sign-in is not configured.',
  google_cancelled: 'Google sign-in was cancelled.',
  google_unverified_email: 'Your Google account has no verified e-mail address.',
  google_not_linkable: 'This e-mail address belongs to another account. Sign in with an e-mail link instead.',
  google_failed: GOOGLE_SIGN_IN_FAILED_MESSAGE,
};
