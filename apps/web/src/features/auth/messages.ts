// Texts of SPEC.md sections 5 and 8 shown by the sign-in screens.
// TODO(shared-validation): move to packages/shared once its message module exists (STYLE.md rule 2).
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address.';
export const SEND_LINK_FAILED_MESSAGE = 'Failed to send sign-in link. Please try again.';
export const GOOGLE_SIGN_IN_FAILED_MESSAGE = 'Google sign-in failed. Please try again.';
