// Sign-in texts and codes that the /login path needs without loading zod (it is ~25 kB of the
// 150 kB /login budget). validation.ts and identity.ts import these; never restate them.

/** docs/product/rules-and-messages.md#validation: the login and callback e-mail fields' required message. */
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address.';

/** Codes the login page turns into messages after a failed Google sign-in (`/login?error=…`). */
export const googleErrorCodes = ['google_not_configured', 'google_cancelled', 'google_unverified_email', 'google_not_linkable', 'google_failed'] as const;
export type GoogleErrorCode = (typeof googleErrorCodes)[number];
