import { z } from 'zod';

/**
 * Every error the API answers has this body: a human `message` (the web client shows it as is)
 * and a stable machine `code`. Validation errors add the individual issues.
 */
export const apiErrorSchema = z
  .object({
    code: z.string().describe('Stable machine-readable error code'),
    message: z.string().describe('Human-readable message, safe to show to the user'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field-level validation problems, when the request failed validation'),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;

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

/** SPEC.md section 8: the generic fallback message. */
export const unexpectedErrorMessage = 'An unexpected error occurred.';
