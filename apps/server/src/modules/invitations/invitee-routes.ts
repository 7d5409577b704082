import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import {
  invitationCodeParamsSchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
} from '@questboard/shared/invitations';
import { apiPaths } from '@questboard/shared/api-paths';
import { identityOf } from '../../plugins/authenticate';
import type { InvitationAnswer, InvitationAnswers } from './invitation-answers';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['invitations'];

const answers: { path: string; answer: InvitationAnswer; summary: string }[] = [
  { path: apiPaths.invitations.accept.pattern, answer: 'ACCEPTED', summary: 'Accept: join the organisation with the invited role' },
  { path: apiPaths.invitations.decline.pattern, answer: 'DECLINED', summary: 'Decline the invitation' },
  { path: apiPaths.invitations.createOwn.pattern, answer: 'CREATE_OWN', summary: 'Decline in order to create your own organisation' },
];

/** The invited side: /access/{code} and /access?id= in the web app. */
export const inviteeRoutes: FastifyPluginAsyncZod<{ answers: InvitationAnswers }> = async (
  app,
  { answers: service },
) => {
  app.get(
    apiPaths.invitations.byCode.pattern,
    {
      schema: {
        tags,
        summary: 'Look an invitation up by the code of its link (public: no token; rate-limited per IP address)',
        security: [],
        params: invitationCodeParamsSchema,
        response: { 200: invitationSchema, 404: apiErrorSchema, 429: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.byCode(request.params.code, request.ip),
  );

  app.get(
    apiPaths.invitations.pending.pattern,
    {
      preHandler: app.requireAccount,
      schema: {
        tags,
        summary: "The caller's invitations that can still be answered, newest first",
        security,
        response: { 200: invitationListSchema, ...errors },
      },
    },
    async (request) => service.pending(identityOf(request).user),
  );

  app.get(
    apiPaths.invitations.one.pattern,
    {
      preHandler: app.requireAccount,
      schema: {
        tags,
        summary: "One invitation sent to the caller's address",
        security,
        params: invitationParamsSchema,
        response: { 200: invitationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => service.byId(identityOf(request).user, request.params.id),
  );

  for (const { path, answer, summary } of answers) {
    app.post(
      path,
      {
        preHandler: app.requireAccount,
        schema: {
          tags,
          summary,
          security,
          params: invitationParamsSchema,
          response: { 200: invitationSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.respond(identityOf(request).user, request.params.id, answer),
    );
  }
};
