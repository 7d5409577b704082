import { z } from 'zod';
import { personNameSchema } from './validation';

// The account calls of docs/product/http-contract.md#core-calls (/core/accounts), shared by the server routes and the web app.

export const accountSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    name: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/** PUT /core/accounts/name: the rules and messages of docs/product/rules-and-messages.md#validation. */
export const updateNameBodySchema = personNameSchema;

export const updatedNameSchema = z
  .object({ firstName: z.string(), lastName: z.string(), name: z.string() })
  .meta({ id: 'UpdatedName' });
export type UpdatedName = z.infer<typeof updatedNameSchema>;

/** Stable codes of the account guard's refusals. */
export const accountErrorCodes = {
  notRegistered: 'ACCOUNT_NOT_REGISTERED',
  inactive: 'ACCOUNT_INACTIVE',
} as const;
