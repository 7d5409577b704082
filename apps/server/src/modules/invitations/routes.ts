import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import {
  createInvitationBodySchema,
  invitationParamsSchema,
  organisationInvitationListSchema,
  organisationInvitationSchema,
} from '@questboard/shared/invitations';
import { apiPaths } from '@questboard/shared/api-paths';
import { memberOf } from '../../plugins/membership';
import type { InvitationService } from './invitation-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['invitations'];

/** The inviting side, for owners and admins of an active organisation. */
export const organisationInvitationRoutes: FastifyPluginAsyncZod<{ invitations: InvitationService }> = async (
  app,
  { invitations },
) => {
  app.post(
    apiPaths.organisations.invitations.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Invite an address with a role (never above your own); e-mails a link valid for 7 days',
        security,
        body: createInvitationBodySchema,
        response: {
          201: organisationInvitationSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await invitations.create(memberOf(request), request.body)),
  );

  app.get(
    apiPaths.organisations.invitations.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "The organisation's pending and expired invitations, newest first",
        security,
        response: { 200: organisationInvitationListSchema, ...errors },
      },
    },
    async (request) => invitations.list(memberOf(request)),
  );

  app.post(
    apiPaths.organisations.resendInvitation.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'E-mail the invitation again with a new code and a fresh 7 days; the old code stops working',
        security,
        params: invitationParamsSchema,
        response: {
          200: organisationInvitationSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => invitations.resend(memberOf(request), request.params.id),
  );

  app.delete(
    apiPaths.organisations.invitation.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Withdraw a pending invitation (status REVOKED)',
        security,
        params: invitationParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await invitations.revoke(memberOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
