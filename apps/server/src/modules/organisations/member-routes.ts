import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import {
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  updateMemberRoleBodySchema,
} from '@questboard/shared/organisations';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import { memberOf } from '../../plugins/membership';
import { changeMemberRole, leaveOrganisation, listMembers, removeMember } from './member-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['members'];

export const memberRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    apiPaths.organisations.members.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "Members of the caller's organisation with their roles: owners, admins, then members",
        security,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => listMembers(db, memberOf(request).organisationId),
  );

  app.put(
    apiPaths.organisations.member.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "Change a member's role (owners and admins; never above your own; the last owner stays)",
        security,
        params: memberParamsSchema,
        body: updateMemberRoleBodySchema,
        response: { 200: memberSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => changeMemberRole(db, memberOf(request), request.params.userId, request.body.role),
  );

  app.delete(
    apiPaths.organisations.member.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Remove a member (owners and admins; admins cannot remove an owner; the last owner stays)',
        security,
        params: memberParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(db, memberOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    apiPaths.organisations.leave.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "Leave the caller's organisation (the last owner cannot)",
        security,
        response: { 204: z.null(), 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await leaveOrganisation(db, memberOf(request));
      return reply.code(204).send(null);
    },
  );
};
