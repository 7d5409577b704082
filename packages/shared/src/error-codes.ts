// Error codes and the generic message, without zod, so the web app's entry can use them (the API's
// error body schema is in api-error.ts).

export const apiErrorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  invalidJson: 'INVALID_JSON',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;

/** docs/product/rules-and-messages.md#errors: the generic fallback message. */
export const unexpectedErrorMessage = 'An unexpected error occurred.';
