import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, updateNameBodySchema, updatedNameSchema } from '@questboard/shared/accounts';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { identityOf } from '../../plugins/authenticate';
import { accountOf } from '../../plugins/membership';
import { registerAccount, toAccountView, updateAccountName } from './account-store';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    apiPaths.accounts.register.pattern,
    {
      // Identity only: an inactive account still gets its answer, so the app can say why it stops.
      preHandler: app.requireIdentity,
      schema: {
        tags: ['accounts'],
        summary: 'Create the account of the signed-in user, or answer the existing one (idempotent)',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => toAccountView(await registerAccount(db, identityOf(request).user, clock)),
  );

  app.put(
    apiPaths.accounts.name.pattern,
    {
      preHandler: app.requireAccount,
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in user's first and last name (docs/product/rules-and-messages.md#validation rules)",
        security: [{ bearerAuth: [] }],
        body: updateNameBodySchema,
        response: { 200: updatedNameSchema, ...errors },
      },
    },
    async (request) => updateAccountName(db, accountOf(request).id, request.body, clock),
  );
};
