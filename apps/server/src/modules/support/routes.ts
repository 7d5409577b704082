import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { installationStatusSchema, supportMessageBodySchema, supportMessageSentSchema, type InstallationStatus } from '@questboard/shared/support';
import { apiPaths } from '@questboard/shared/api-paths';
import { identityOf } from '../../plugins/authenticate';
import { memberOf } from '../../plugins/membership';
import type { SupportService } from './support-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['support'];

/**
 * The help page's calls. The installation status is for signed-in people only: which parts are
 * configured is nobody else's business (the public /api/system/status names version and databases).
 */
export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService; status: () => InstallationStatus }> = async (
  app,
  { support, status },
) => {
  app.get(
    apiPaths.support.status.pattern,
    {
      preHandler: app.requireAccount,
      schema: {
        tags,
        summary: 'Version, databases, and whether mail, Google sign-in and the support address are configured',
        security,
        response: { 200: installationStatusSchema, ...errors },
      },
    },
    async () => status(),
  );

  app.post(
    apiPaths.support.message.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'E-mail a message to SUPPORT_EMAIL, with Reply-To the sender (5 an hour per person)',
        security,
        body: supportMessageBodySchema,
        response: {
          202: supportMessageSentSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await support.send({ ...memberOf(request), email: identityOf(request).user.email }, request.body);
      return reply.code(202).send({ sent: true as const });
    },
  );
};
