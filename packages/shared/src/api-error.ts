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
